import EaselHost
import Foundation

/// Whether a request's body length can be known without doubt (RFC 9112, 6): requests shaped for
/// smuggling are refused from their headers, before any body is read.
///
/// libmicrohttpd (0.9.75) reads the first of two different `Content-Length` headers and ignores the
/// second, and takes any `Transfer-Encoding` but `chunked` as "read until the connection closes",
/// so the client waited for an answer that never came (until the idle timeout). A proxy in front
/// that framed the same bytes differently would see another request. Refused here:
/// - `Content-Length` given more than once with different values, or not a decimal number: 400;
/// - `Transfer-Encoding` whose final coding is not `chunked` (`xchunked`, `chunked, gzip`), or that
///   applies `chunked` twice: 400 (the length cannot be determined);
/// - `Transfer-Encoding` with a coding before `chunked` (`gzip, chunked`): 501, the server decodes
///   none.
/// (`Content-Length` beside `Transfer-Encoding` is refused by libmicrohttpd itself, with 400.)
enum MessageFraming {
    /// Why the request's framing is refused: the status and a message; nil when it is fine.
    /// `headers` are the request's, names lower case, a header sent twice joined by ", ".
    static func problem(_ headers: [String: String]) -> (status: Int, message: String)? {
        if let lengths = headers["content-length"] {
            let values = lengths.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard values.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
                return (400, "Content-Length \(lengths.quoted) is not a decimal number of bytes (RFC 9112, 6.3)")
            }
            guard Set(values.map { $0.drop { $0 == "0" } }).count == 1 else {
                return (400, "Content-Length is given with different values (\(lengths)): the body's length is ambiguous, so the request is refused (RFC 9112, 6.3)")
            }
        }
        if let encodings = headers["transfer-encoding"] {
            let codings = encodings.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
                return (400, "Transfer-Encoding \(encodings.quoted) does not end with chunked (once): the body's length cannot be determined (RFC 9112, 6.3)")
            }
            if codings.count > 1 {
                return (501, "Transfer-Encoding \(encodings.quoted): the server decodes no transfer coding but chunked (RFC 9112, 6.1)")
            }
        }
        return nil
    }
}
