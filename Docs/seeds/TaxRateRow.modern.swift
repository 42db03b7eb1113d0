@IBDesignable
class MyCustomView: UIView {
@IBOutlet weak var titleLabel: UILabel!
@IBOutlet weak var selfTaxRateInput: UITextField!
@IBOutlet weak var selfTaxResultLabel: UILabel!
@IBOutlet weak var companyTaxRateInput: UITextField!
@IBOutlet weak var companyTaxResultLabel: UILabel!
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
