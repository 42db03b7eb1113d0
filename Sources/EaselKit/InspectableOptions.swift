/// What an inspectable's declaration says about it besides its value: its `///` summary and its
/// `@Inspector` arguments.
struct InspectableOptions {
    var range: (min: Double, max: Double)?
    var step: Double = 0
    var summary: String?
    var group: String?
    var displayName: String?
    var hidden = false
}
