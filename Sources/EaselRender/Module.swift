// EaselRender module
