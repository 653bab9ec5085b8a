import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallModel

/// A site in the reader's language (issue 24): the texts of `Templates/i18n/<language>.json`,
/// dates with month names and field order from the locale, always with the year.
@Suite(.fullTier) struct LanguageTests {
  /// 2014-07-04 20:40 UTC, a Friday.
  static let july = Timestamp(millisecondsSince1970: 1_404_506_400_000)

  /// What each shipped language shows: a few texts, the short and the long date of `july`.
  struct Expected: Sendable, CustomTestStringConvertible {
    var language: String
    var siteTitle: String
    var wallTitle: String
    var photos: String
    var short: String
    var long: String
    var testDescription: String { language }
  }

  static let shipped: [Expected] = [
    Expected(
      language: "en", siteTitle: "All walls", wallTitle: "Ada’s wall",
      photos: "1,234 photos on the wall",
      short: "Jul 4, 2014, 8:40 PM", long: "Friday, July 4, 2014 at 8:40 PM UTC"),
    Expected(
      language: "fr", siteTitle: "Tous les murs", wallTitle: "Mur de Ada",
      photos: "1\u{202F}234 photos sur le mur", short: "4 juil. 2014, 20:40",
      long: "vendredi 4 juillet 2014 à 20:40 UTC"),
    Expected(
      language: "de", siteTitle: "Alle Pinnwände", wallTitle: "Pinnwand von Ada",
      photos: "1.234 Fotos auf der Pinnwand", short: "4. Juli 2014, 20:40",
      long: "Freitag, 4. Juli 2014 um 20:40 UTC"),
    Expected(
      language: "es", siteTitle: "Todos los muros", wallTitle: "Muro de Ada",
      photos: "1.234 fotos en el muro", short: "4 jul 2014, 20:40",
      long: "viernes, 4 de julio de 2014, 20:40 UTC"),
    Expected(
      language: "ja", siteTitle: "すべてのウォール", wallTitle: "Adaさんのウォール",
      photos: "ウォールの写真1,234枚", short: "2014年7月4日 20:40", long: "2014年7月4日 金曜日 20:40 UTC"),
  ]

  @Test("each shipped language translates the texts and formats dates its way", arguments: shipped)
  func shippedLanguage(expected: Expected) throws {
    let language = SiteLanguage(try UIStrings(language: expected.language, theme: .builtIn))
    let strings = language.strings
    #expect(strings.missingKeys.isEmpty, "\(strings.file) lacks \(strings.missingKeys)")
    #expect(strings.text("siteTitle") == expected.siteTitle)
    #expect(strings.text("wallTitle", ["name": "Ada"]) == expected.wallTitle)
    #expect(strings.text("photoCount", count: 1234) == expected.photos)
    #expect(language.dates.short(Self.july, in: .utc) == expected.short)
    #expect(language.dates.long(Self.july, in: .utc) == expected.long)
    #expect(language.dates.short(Self.july, in: .utc).contains("2014"))
  }

  @Test("plural forms follow the language: French counts 0 and 1 as one, Japanese has one form")
  func plurals() throws {
    let english = UIStrings.english
    #expect(english.text("photoCount", count: 0) == "0 photos on the wall")
    #expect(english.text("photoCount", count: 1) == "1 photo on the wall")
    let french = try UIStrings(language: "fr", theme: .builtIn)
    #expect(french.text("photoCount", count: 0) == "0 photo sur le mur")
    #expect(french.text("photoCount", count: 1) == "1 photo sur le mur")
    #expect(french.text("photoCount", count: 2) == "2 photos sur le mur")
    let japanese = try UIStrings(language: "ja", theme: .builtIn)
    #expect(japanese.text("photoCount", count: 1) == "ウォールの写真1枚")
    #expect(japanese.text("earlierComments", count: 3) == "以前のコメント3件は表示されていません")
  }

  @Test(
    "dates formatted from the locale's patterns equal Foundation's DateFormatter, in every shipped language",
    arguments: ["en", "fr", "de", "es", "ja"])
  func datesMatchFoundation(language: String) {
    let style = DateStyle(language: language)
    for step in 0..<60 {
      // Every month, hours around noon and midnight, years before 1970 too.
      let seconds = -400_000_000 + Int64(step) * 37_000_000 + Int64(step % 24) * 3_600
      let time = Timestamp(millisecondsSince1970: seconds * 1000)
      let date = Date(timeIntervalSince1970: Double(seconds))
      func foundation(_ template: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ")
      }
      #expect(style.day(time, in: .utc) == foundation("yMMMd"))
      #expect(style.short(time, in: .utc) == foundation("yMMMd") + ", " + foundation("jmm"))
      #expect(style.monthAndYear(time, in: .utc) == foundation("yMMMM"))
    }
  }

  @Test("a theme's language file that lacks texts shows them in English and says which")
  func missingTextsFallBackToEnglish() throws {
    let folder = try TemporaryDirectory()
    let theme = folder.url("theme")
    try FileSystem.createDirectory(theme + "/Templates/i18n")
    try FileSystem.writeAtomically(
      Array(
        #"{"siteTitle": "Tutti i muri", "photoCount": {"one": "{count} foto", "other": "{count} foto"}}"#
          .utf8),
      to: theme + "/Templates/i18n/it.json")
    let loaded = try Theme.loading(overridesFrom: theme)
    #expect(loaded.unusedTemplateFiles.isEmpty, "a language file is no unused template")
    let italian = try UIStrings(language: "it", theme: loaded)
    #expect(italian.file == theme + "/Templates/i18n/it.json")
    #expect(italian.text("siteTitle") == "Tutti i muri")
    #expect(italian.text("photoCount", count: 3) == "3 foto")
    #expect(italian.text("comments") == "Comments", "missing: English")
    #expect(italian.missingKeys.contains("comments"))
    #expect(!italian.missingKeys.contains("siteTitle"))
    // Dates come from the locale whatever the texts.
    #expect(SiteLanguage(italian).dates.short(Self.july, in: .utc) == "4 lug 2014, 20:40")
  }

  @Test("a language with no texts, a malformed code and a bad file are errors naming them")
  func languageErrors() throws {
    #expect(throws: LanguageError.malformed(language: "french!")) {
      try UIStrings(language: "french!", theme: .builtIn)
    }
    let unknown = #expect(throws: LanguageError.self) {
      try UIStrings(language: "xx", theme: .builtIn)
    }
    #expect(
      unknown?.description
        == "no texts for language 'xx'; the theme has de, en, es, fr, ja; add "
        + "Templates/i18n/xx.json to a --theme folder")
    // A regional code uses its language's texts.
    #expect(try UIStrings(language: "fr-CA", theme: .builtIn).text("comments") == "Commentaires")
    var theme = Theme.builtIn
    theme.translations["fr"] = Array(#"{"comments": 3}"#.utf8)
    let invalid = #expect(throws: LanguageError.self) {
      try UIStrings(language: "fr", theme: theme)
    }
    #expect(
      invalid?.description
        == "Templates/i18n/fr.json: 'comments' is a number; a text is a string, or plural forms "
        + #"such as {"one": "{count} photo", "other": "{count} photos"}"#)
  }

  @Test("the scripts' texts are the keys starting with 'script', plural forms as objects")
  func scriptTexts() throws {
    let french = try UIStrings(language: "fr", theme: .builtIn)
    let json = try JSONReader.parse(Array(french.scriptText.utf8))
    #expect(json["close"]?.stringValue == "Fermer")
    #expect(json["viewOriginal"]?.stringValue == "Voir l’original")
    #expect(json["peopleFound"]?["other"]?.stringValue == "{count} personnes trouvées")
    #expect(json["siteTitle"] == nil)
  }
}
