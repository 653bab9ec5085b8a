/// Numbers written for people.
enum NumberText {
  /// `number` in decimal with a comma between groups of three digits: "5,592,297".
  /// - Parameter number: Any integer.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = number < 0 ? "-" : ""
    for (position, digit) in digits.enumerated() {
      if position > 0 && (digits.count - position) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}
