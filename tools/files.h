// File formats of the aclnn-host tool: .npy arrays (format versions 1.0 to 3.0) and raw bytes,
// and the atomic write every output goes through (docs/cli.md, "File formats").
#ifndef ACLNN_HOST_TOOLS_FILES_H_
#define ACLNN_HOST_TOOLS_FILES_H_

#include <cstdint>
#include <string>
#include <vector>

namespace aclnn_host_cli {

/// A parsed .npy file: the header's fields and the data bytes, exactly as stored.
struct NpyArray {
  std::string descr;  // numpy's dtype string, e.g. "<f4", "<f2", "<u2"
  bool fortran_order = false;
  std::vector<int64_t> shape;
  std::vector<char> data;
};

/// Reads a whole file. False, with `*error` set, when it cannot be read.
bool ReadFile(const std::string& path, std::vector<char>* bytes, std::string* error);

/// Parses the bytes of a .npy file, moving its data into `array` (no copy: inputs can be large).
/// False, with `*error` naming what is wrong (magic, version, header dict, shape, or a data size
/// that does not match shape × item size); `*file` is then unchanged.
bool ParseNpy(std::vector<char>* file, NpyArray* array, std::string* error);

/// The item size numpy's `descr` implies ("<f4" → 4), or 0 when it is not a plain
/// little-endian (or byte-order-free) scalar type.
size_t DescrItemSize(const std::string& descr);

/// The header of a .npy file (version 1.0, C order) with dtype `descr` and `shape`; the data
/// follows it, starting on a 64-byte boundary as numpy writes it.
std::string NpyHeader(const std::string& descr, const std::vector<int64_t>& shape);

/// Writes `prefix` then `size` bytes of `data` to `path` atomically: a temporary file in the same
/// folder, flushed, then renamed over `path`. On failure nothing is left behind (not even the
/// temporary) and an existing `path` is untouched.
bool WriteFileAtomically(const std::string& path, const std::string& prefix, const char* data, size_t size,
                         std::string* error);

}  // namespace aclnn_host_cli

#endif  // ACLNN_HOST_TOOLS_FILES_H_
