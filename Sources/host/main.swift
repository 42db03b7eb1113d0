import EaselHost
import EaselPreview
import EaselRender
import Glibc

// host — the Easel command-line tool. See `host --help` and README.md.
// The pinned fonts first, before anything asks fontconfig and before any worker starts (workers
// run this same main, or inherit it when forked).
FontConfiguration.pin()
setvbuf(stdout, nil, _IOFBF, 1 << 16)
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
// The host re-executed as a worker process (see WorkerProcess): plugin code runs there.
let status = arguments == [WorkerArgument.value] ? RendererServices.runWorker() : CLI.run(arguments)
fflush(stdout)
exit(status)
