import EaselCLI
import EaselHost
@preconcurrency import Glibc

// host — the Easel command-line tool. See `host --help` and README.md.
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
// Commands that draw, and the worker launcher, run in the drawing library, loaded now; the rest
// start without it (see DrawingLibrary).
if DrawingLibrary.handles(arguments) { exit(DrawingLibrary.run(arguments)) }
HostProcess.start()
CLI.installServices = DrawingLibrary.installServices
var status = CLI.run(arguments)
HostProcess.finish()
status = CLI.finishOutput(status)
exit(status)
