import EaselCLI
import EaselHost
@preconcurrency import Glibc

// host — the Easel command-line tool. See `host --help` and README.md.
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
// The commands that draw, and the renderer, come from the drawing library, loaded on first need.
let drawing = DrawingLibrary()
// The host re-executed as a worker launcher (see WorkerLauncher), when it could not fork one.
if arguments == [WorkerLauncher.launcherArgument] { exit(drawing.runLauncher()) }
HostProcess.start()
var status = CLI(drawing: drawing).run(arguments)
status = CLI.finishOutput(status)
exit(status)
