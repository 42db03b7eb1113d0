// TaxRateRow — seed 002 ("MyCustomView", a xib-based custom control) on Easel.
//
// The tutorial's class as it writes it (Docs/seeds/TaxRateRow.tutorial.swift), with its Swift 2
// spellings modernised: one row of a payroll-tax calculator, a title, then for the employee and for
// the employer a rate field with a "%" right view and the amount it comes to. The view is loaded from
// a layout document (Resources/TaxRateRow.layout.json, Easel's xib) with the class as File's Owner:
// the loader connects the five @IBOutlets, the root view is added filling the bounds with flexible
// width and height, the "%" labels are made in code, and layoutSubviews() sizes them 20 points wide
// and as tall as the row. The tutorial's inspectable `title` (set it to "公积金") and its didSet work
// as written.
//
// Changed: @IBOutlet becomes @Outlet (on Linux @IBOutlet compiles only on Objective-C classes).
// Added: @Designable and doc comments, and TaxRateRow, the row this project shows: the tutorial's
// MyCustomView plus the rates and the base they apply to as inspectables, so that the result labels
// show amounts; and one line that starts `title` at the document's title text, so that the inspector
// shows what the row shows and setting a value back restores the picture. (Interface Builder makes a
// new view for every change, so the tutorial can leave `title` empty and the label as loaded.) (Its layout document is TaxRateRow.layout.json: the tutorial names the document after
// the class, `String(describing: type(of: self))`.)
//
// Tutorial lines changed: 5 of 54 against the code with its Swift 2 spellings modernised (9.3%;
// 11 of 54, 20.4%, against the original); 52 lines added (doc comments, @Inspector, variants, the
// entry point, …). Measured with Scripts/seed-share (see Docs/seeds/README.md).
import EaselKit

/// The tutorial's custom control, as it writes it: a view loaded from the layout document named after
/// its class, with a title.
@Designable
@IBDesignable
class MyCustomView: UIView {
    @Outlet weak var titleLabel: UILabel!
    @Outlet weak var selfTaxRateInput: UITextField!
    @Outlet weak var selfTaxResultLabel: UILabel!
    @Outlet weak var companyTaxRateInput: UITextField!
    @Outlet weak var companyTaxResultLabel: UILabel!
    /// The row's title (e.g. 公积金); by default the layout document's
    @IBInspectable var title: String = "" {
        didSet {
            self.titleLabel.text = title
        }
    }
    // load view from xib
    func loadViewFromNib() -> UIView {
        let bundle = Bundle(for: type(of: self))
        let nib = UINib(nibName: String(describing: type(of: self)), bundle: bundle)
        let view = nib.instantiate(withOwner: self, options: nil)[0] as! UIView
        return view
    }
    // setup view's auto resize to fill parent, and add a % view to input view
    func setupSubviews() {
        view = loadViewFromNib()
        view.autoresizingMask = [UIView.AutoresizingMask.flexibleWidth, UIView.AutoresizingMask.flexibleHeight]
        addSubview(view)
        selfTaxRateInput.rightViewMode = .always
        let labelMaker:()->UIView = {
            let precentLabel = UILabel();
            precentLabel.text = "%";
            return precentLabel
        }
        selfTaxRateInput.rightView = labelMaker()
        companyTaxRateInput.rightViewMode = .always
        companyTaxRateInput.rightView = labelMaker()
        title = titleLabel.text ?? ""
    }
    // reset subview's frame
    override func layoutSubviews() {
        view.frame = bounds
        let precentRect = CGRect(x: 0, y: 0, width: 20, height: bounds.size.height)
        selfTaxRateInput.rightView?.bounds = precentRect
        companyTaxRateInput.rightView?.bounds = precentRect
    }
    weak var view: UIView!
    override init(frame: CGRect) {
        super.init(frame: frame)
        setupSubviews()
    }
    convenience init() {
        self.init(frame: CGRect.zero)
    }
    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setupSubviews()
    }
}

/// A tax-rate row loaded from a layout document (the xib tutorial's MyCustomView)
@Designable
final class TaxRateRow: MyCustomView {
    /// The employee's rate, in percent
    @Inspector(range: 0...100, step: 0.5, group: "Rates")
    @IBInspectable var selfTaxRate: Double = 8 { didSet { showRates() } }
    /// The employer's rate, in percent
    @Inspector(range: 0...100, step: 0.5, group: "Rates")
    @IBInspectable var companyTaxRate: Double = 20 { didSet { showRates() } }
    /// The contribution base the rates apply to
    @Inspector(range: 0...1_000_000, step: 100, group: "Rates")
    @IBInspectable var base: Double = 10000 { didSet { showRates() } }

    override class var defaultSize: CGSize { CGSize(width: 375, height: 44) }
    override class var designableGroup: String? { "Forms" }

    /// The tutorial's rows: the housing fund (公积金, which it types into the Title field) and a pension row.
    override class var designableVariants: [DesignableVariant] {
        [.init("housingFund", displayName: "Housing Fund", summary: "公积金, 12% and 12%",
               ["title": "公积金", "selfTaxRate": "12", "companyTaxRate": "12"]),
         .init("pension", summary: "养老保险, 8% and 16%", ["title": "养老保险", "selfTaxRate": "8", "companyTaxRate": "16"]),
         .init("zero", summary: "No contribution", ["selfTaxRate": "0", "companyTaxRate": "0"])]
    }

    override func setupSubviews() {
        super.setupSubviews()
        showRates()
    }

    /// The rates in their fields, and the amounts they come to.
    private func showRates() {
        func percent(_ rate: Double) -> String {
            rate == rate.rounded() ? String(Int(rate)) : String(rate)
        }
        selfTaxRateInput.text = percent(selfTaxRate)
        companyTaxRateInput.text = percent(companyTaxRate)
        selfTaxResultLabel.text = String(format: "%.2f", base * selfTaxRate / 100)
        companyTaxResultLabel.text = String(format: "%.2f", base * companyTaxRate / 100)
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.examples.tax-rate-row", name: "Tax Rate Row", version: "1.0.0",
                       summary: "Seed 002: a xib-based custom view, from a layout document", classes: [TaxRateRow.self])
}
