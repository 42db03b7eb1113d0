import EaselHost
import EaselPreview
import EaselRender
@preconcurrency import Glibc

// host — the Easel command-line tool. See `host --help` and README.md.
HostProcess.start()
// The pinned fonts first, before anything asks fontconfig and before any worker starts (workers
// run this same main, or inherit it when forked).
FontConfiguration.pin()
setvbuf(stdout, nil, _IOFBF, 1 << 16)
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
// The host re-executed as the worker launcher (see WorkerLauncher), when it could not fork one.
if arguments == [WorkerLauncher.launcherArgument] { exit(RendererServices.runLauncher()) }
var status = CLI.run(arguments)
HostProcess.finish()
status = CLI.finishOutput(status)
exit(status)
