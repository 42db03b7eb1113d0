// libmicrohttpd (Debian libmicrohttpd-dev): the HTTP server of `host serve`.
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>
