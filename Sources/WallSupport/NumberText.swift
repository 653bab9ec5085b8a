/// Numbers written for people.
package enum NumberText {
  /// `number` in decimal with a comma between groups of three digits: "5,592,297".
  /// - Parameter number: Any integer.
  package static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = number < 0 ? "-" : ""
    for (position, digit) in digits.enumerated() {
      if position > 0 && (digits.count - position) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  /// A number and its noun, singular for one: "1 photo", "2 photos".
  /// - Parameters:
  ///   - number: How many.
  ///   - noun: The singular noun.
  package static func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
