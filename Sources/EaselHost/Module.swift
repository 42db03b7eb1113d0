// EaselHost module
