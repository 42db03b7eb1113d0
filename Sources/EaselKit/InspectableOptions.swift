/// What an inspectable's declaration says about it besides its value: its `///` summary and its
/// `@Inspector` arguments.
struct InspectableOptions {
    var range: (min: Double, max: Double)?
    var step: Double = 0
    /// The inspectable whose value is this one's minimum (`@Inspector(minimum: "start")`); nil: none.
    var minimumFrom: String?
    /// The inspectable whose value is this one's maximum (`@Inspector(maximum: "limit")`); nil: none.
    var maximumFrom: String?
    var summary: String?
    var group: String?
    var displayName: String?
    var hidden = false
}
