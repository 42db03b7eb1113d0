// TaxRateRow — seed 002 ("MyCustomView", a xib-based custom control) ported to Easel.
//
// One row of a payroll-tax calculator: a title, then for the employee and for the employer a rate
// field with a "%" right view and the amount it comes to. As in the seed, the view is loaded from a
// layout document (Resources/TaxRateRow.layout.json, Easel's xib) with the class as File's Owner: the
// loader connects the five @Outlet properties, the root view is added filling the bounds with
// flexible width and height, the "%" labels are made in code (rightViewMode .always), and
// layoutSubviews() sizes them 20 points wide and as tall as the row — all line for line.
//
// The seed's inspectable `title` (set it to "公积金") replaces the document's title text when set.
// The rates and the base they apply to are inspectable too, so the result labels show amounts.
// Port notes: the seed's didSet runs in inspectableDidChange(_:) (EaselKit calls it for every set;
// a Swift didSet would run only for the class's own sets); `weak var view` is a strong reference here
// (nothing else holds the root view before it is added).
import EaselKit

final class TaxRateRow: UIView {
    @Outlet var titleLabel: UILabel!
    @Outlet var selfTaxRateInput: UITextField!
    @Outlet var selfTaxResultLabel: UILabel!
    @Outlet var companyTaxRateInput: UITextField!
    @Outlet var companyTaxResultLabel: UILabel!

    @Inspectable(summary: "The row's title (e.g. 公积金); the layout document's until set (an empty value clears it)")
    var title: String = ""
    @Inspectable(range: 0...100, step: 0.5, summary: "The employee's rate, in percent", group: "Rates")
    var selfTaxRate: Double = 8
    @Inspectable(range: 0...100, step: 0.5, summary: "The employer's rate, in percent", group: "Rates")
    var companyTaxRate: Double = 20
    @Inspectable(range: 0...1_000_000, step: 100, summary: "The contribution base the rates apply to", group: "Rates")
    var base: Double = 10000

    var view: UIView!
    /// The document's title text, shown while `title` is empty.
    private var documentTitle: String?

    required init(frame: CGRect) {
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

    override class var defaultSize: CGSize { CGSize(width: 375, height: 44) }
    override class var designableSummary: String? { "A tax-rate row loaded from a layout document (the xib tutorial's MyCustomView)" }
    override class var designableGroup: String? { "Forms" }

    /// The tutorial's rows: the housing fund (公积金, which it types into the Title field) and a pension row.
    override class var designableVariants: [DesignableVariant] {
        [.init("housingFund", displayName: "Housing Fund", summary: "公积金, 12% and 12%",
               ["title": "公积金", "selfTaxRate": "12", "companyTaxRate": "12"]),
         .init("pension", summary: "养老保险, 8% and 16%", ["title": "养老保险", "selfTaxRate": "8", "companyTaxRate": "16"]),
         .init("zero", summary: "No contribution", ["selfTaxRate": "0", "companyTaxRate": "0"])]
    }

    // load view from xib
    func loadViewFromNib() -> UIView? {
        let bundle = EaselBundle(for: type(of: self))
        let nib = UINib(nibName: String(describing: type(of: self)), bundle: bundle)
        return nib.instantiate(withOwner: self, options: nil).first as? UIView
    }

    // setup view's auto resize to fill parent, and add a % view to input view
    func setupSubviews() {
        // A document that cannot be loaded has been reported: creation fails with its message.
        guard let loaded = loadViewFromNib() else { return }
        view = loaded
        documentTitle = titleLabel?.text
        view.autoresizingMask = [UIView.AutoresizingMask.flexibleWidth, UIView.AutoresizingMask.flexibleHeight]
        addSubview(view)

        selfTaxRateInput.rightViewMode = .always
        let labelMaker: () -> UIView = {
            let precentLabel = UILabel()
            precentLabel.text = "%"
            return precentLabel
        }
        selfTaxRateInput.rightView = labelMaker()
        companyTaxRateInput.rightViewMode = .always
        companyTaxRateInput.rightView = labelMaker()
        showRates()
    }

    // reset subview's frame
    override func layoutSubviews() {
        view.frame = bounds
        let precentRect = CGRect(x: 0, y: 0, width: 20, height: bounds.size.height)
        selfTaxRateInput.rightView?.bounds = precentRect
        companyTaxRateInput.rightView?.bounds = precentRect
    }

    /// The seed's `title` didSet, and the rates shown in their fields and results.
    /// (The outlets are nil only while the document loads or if it could not be loaded.)
    override func inspectableDidChange(_ name: String) {
        if name == "title" {
            self.titleLabel?.text = title.isEmpty ? documentTitle : title
        } else {
            showRates()
        }
    }

    private func showRates() {
        guard let selfTaxRateInput, let companyTaxRateInput, let selfTaxResultLabel, let companyTaxResultLabel else { return }
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
