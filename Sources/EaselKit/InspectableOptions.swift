/// What an `@Inspectable` declaration says about its property besides its value.
struct InspectableOptions {
    var range: (min: Double, max: Double)?
    var step: Double = 0
    var summary: String?
    var group: String?
    var displayName: String?
    var hidden = false
}
