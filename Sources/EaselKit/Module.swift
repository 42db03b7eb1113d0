// EaselKit module
