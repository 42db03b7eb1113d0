import EaselHost

/// The bookkeeping behind values the host owns across reloads (`--set`, scene attributes, the live
/// designer's edits): which type each value was last applied with, and which values are parked.
///
/// A value that stops fitting a build (its property vanished, changed type, or the value is out of
/// the new range or not a case any more) is *parked*, with a warning, not forgotten: when a later
/// build fits it again it is restored, with a notice. Warnings are given once per parking.
///
/// ```swift
/// var held = HeldValues()
/// let (values, notices) = held.resolve(assignments, owner: "Gauge", for: build.info)
/// ```
package struct HeldValues {
    private struct Key: Hashable { let owner: String; let name: String }
    /// The type each value was last applied with: a value is never re-parsed as another type.
    private var appliedTypes: [Key: PropertyType] = [:]
    private var parked: Set<Key> = []

    package init() {}

    /// What happened to one held value in a resolve.
    package enum Notice: Equatable, Sendable {
        /// The value was parked: "Gauge.value=120 dropped: 120 is outside the range 0…100".
        case dropped(PropertyAssignment, className: String, why: String)
        /// A parked value fits again and was applied.
        case restored(PropertyAssignment, className: String)

        package var text: String {
            switch self {
            case .dropped(let a, let c, let why):
                return "\(c).\(a.name)=\(a.text) dropped: \(why) (kept aside: restored when a build fits it again)"
            case .restored(let a, let c):
                return "\(c).\(a.name)=\(a.text) restored: this build fits it again"
            }
        }
    }

    /// The assignments that apply to `info` (global ones and those aimed at its class), parsed
    /// against its properties in order. `owner` keys the bookkeeping: the class name, or a scene
    /// instance ("board.json#instances[0]").
    package mutating func resolve(_ assignments: [PropertyAssignment], owner: String, for info: ClassInfo)
        -> (values: [(name: String, value: PropertyValue)], notices: [Notice]) {
        var values: [(String, PropertyValue)] = []
        var notices: [Notice] = []
        for a in assignments where a.className == nil || a.className == info.name {
            let key = Key(owner: owner, name: a.name)
            func park(_ why: String) {
                if parked.insert(key).inserted { notices.append(.dropped(a, className: info.name, why: why)) }
            }
            guard let property = info.property(named: a.name) else {
                // A global assignment quietly skips classes without the property, unless it applied
                // to this class before; one aimed at this class says it was dropped.
                if a.className != nil || appliedTypes[key] != nil { park("this build has no property \(a.name)") }
                continue
            }
            if let type = appliedTypes[key], type != property.type {
                park("the property changed type from \(type.name) to \(property.type.name)")
                continue
            }
            do {
                values.append((a.name, try property.parse(a.text)))
                appliedTypes[key] = property.type
                if parked.remove(key) != nil { notices.append(.restored(a, className: info.name)) }
            } catch let e as HostError {
                park(e.message)
            } catch {
                park("\(error)")
            }
        }
        return (values, notices)
    }

    /// Forgets a value (the designer reset it, or set another): it is neither parked nor typed.
    package mutating func forget(owner: String, name: String) {
        let key = Key(owner: owner, name: name)
        appliedTypes[key] = nil
        parked.remove(key)
    }

    /// Whether the value is parked.
    package func isParked(owner: String, name: String) -> Bool { parked.contains(Key(owner: owner, name: name)) }
}
