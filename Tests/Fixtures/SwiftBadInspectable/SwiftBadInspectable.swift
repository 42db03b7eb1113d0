// SwiftBadInspectable — a fixture that must not compile: each @IBInspectable below is a mistake the
// @Designable macro reports as an error on its own line (with a fix-it where one is obvious).
// The test suite compiles it and checks the messages (DesignableMacroTests).
import EaselKit

struct Tag {}

@IBDesignable @Designable
final class BadInspectables: UIView {
    @IBInspectable var speed: Float = 1                      // Float → CGFloat
    @IBInspectable var picture: UIImage = UIImage(named: "x")!   // UIImage → UIImage?
    @IBInspectable var count: Int? = nil                     // Int? → Int
    @IBInspectable var names: [String] = []                  // no fix-it
    @IBInspectable let fixed: Int = 1                        // let → var
    @IBInspectable @Inspector(range: 0...1) var title: String = ""   // range on a String
    @Inspector(group: "Misc") var orphan: Int = 0            // @Inspector without @IBInspectable
    @IBInspectable var badge: Tag = Tag()                    // not InspectableValue (type checker)
    @IBOutlet weak var label: UILabel!                       // @IBOutlet → @Outlet
}

final class NotDesignable: UIView {
    @IBInspectable @Inspector(range: 0...1) var level: Double = 0   // the class lacks @Designable
}

@Designable
final class Shared: UIView {
    @IBInspectable static var everyone: Int = 0              // static: each view needs its own value
}

@Designable
final class Holder<Content>: UIView {}                         // generic: the host creates it by name

@Designable
final class Inferred: UIView {
    @IBInspectable var ratio = Float(0.5)                      // inferred Float → CGFloat(0.5)
    @IBInspectable var weight = 2 as Int32                     // inferred Int32 → Int
    @IBInspectable var tags = ["a", "b"]                       // inferred [String]: no fix-it
    @IBInspectable var fine = Double(2)                        // inspectable: no error
}

@Designable
final class Bounded: UIView {
    @IBInspectable var caption: String = ""
    @IBInspectable @Inspector(maximum: "caption") var level: Int = 0     // a bound that is a String
    @IBInspectable @Inspector(maximum: "levels") var other: Int = 0      // a bound that is no inspectable
}

enum Plain: Int { case a, b }                                  // not InspectableEnum (declared elsewhere)

@Designable
final class Enumerated: UIView {
    enum Mode: Int { case x, y }                               // not InspectableEnum: fix-it adopts it
    enum Named: String { case p }                              // not Int-backed
    @IBInspectable var plain: Plain = .a                       // the type checker's error, on this line
    @IBInspectable var mode: Mode = .x
    @IBInspectable var named: Named = .p
}

@Designable(group: "Twice")
final class Twice: UIView {                                    // the group given twice
    override class var designableGroup: String? { "Once" }
}

