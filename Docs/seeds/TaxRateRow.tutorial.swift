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
let bundle = NSBundle(forClass: self.dynamicType)
let nib = UINib(nibName: String(self.dynamicType), bundle: bundle)
let view = nib.instantiateWithOwner(self, options: nil)[0] as! UIView
return view
}
// setup view's auto resize to fill parent, and add a % view to input view
func setupSubviews() {
view = loadViewFromNib()
view.autoresizingMask = [UIViewAutoresizing.FlexibleWidth, UIViewAutoresizing.FlexibleHeight]
addSubview(view)
selfTaxRateInput.rightViewMode = .Always
let labelMaker:()->UIView = {
let precentLabel = UILabel();
precentLabel.text = "%";
return precentLabel
}
selfTaxRateInput.rightView = labelMaker()
companyTaxRateInput.rightViewMode = .Always
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
