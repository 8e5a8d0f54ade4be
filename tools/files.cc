#include "files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <utility>

namespace aclnn_host_cli {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

uint32_t ReadLittleEndian(const std::vector<char>& bytes, size_t at, size_t size) {
  uint32_t value = 0;
  for (size_t i = 0; i < size; ++i)
    value |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
  return value;
}

void SkipSpaces(const std::string& text, size_t* at) {
  while (*at < text.size() && (text[*at] == ' ' || text[*at] == '\t')) ++*at;
}

// A Python string literal in quotes ('...' or "..."), without escapes (numpy writes none).
bool ParseQuoted(const std::string& text, size_t* at, std::string* value) {
  if (*at >= text.size() || (text[*at] != '\'' && text[*at] != '"')) return false;
  const char quote = text[*at];
  const size_t end = text.find(quote, *at + 1);
  if (end == std::string::npos) return false;
  *value = text.substr(*at + 1, end - *at - 1);
  *at = end + 1;
  return true;
}

// A Python tuple of non-negative integers: "()", "(3,)", "(2, 3)".
bool ParseShape(const std::string& text, size_t* at, std::vector<int64_t>* shape) {
  if (*at >= text.size() || text[*at] != '(') return false;
  ++*at;
  shape->clear();
  for (;;) {
    SkipSpaces(text, at);
    if (*at < text.size() && text[*at] == ')') {
      ++*at;
      return true;
    }
    size_t digits = 0;
    int64_t dim = 0;
    while (*at < text.size() && text[*at] >= '0' && text[*at] <= '9') {
      const int digit = text[*at] - '0';
      if (dim > (std::numeric_limits<int64_t>::max() - digit) / 10) return false;
      dim = dim * 10 + digit;
      ++*at;
      ++digits;
    }
    // numpy writes Python ints; older numpy on some platforms appends an 'L'.
    if (*at < text.size() && text[*at] == 'L') ++*at;
    if (digits == 0) return false;
    shape->push_back(dim);
    SkipSpaces(text, at);
    if (*at < text.size() && text[*at] == ',') {
      ++*at;
    } else if (*at >= text.size() || text[*at] != ')') {
      return false;
    }
  }
}

bool ParseHeaderDict(const std::string& header, NpyArray* array, std::string* error) {
  size_t at = 0;
  SkipSpaces(header, &at);
  if (at >= header.size() || header[at] != '{') {
    *error = "the header is not a Python dict";
    return false;
  }
  ++at;
  bool has_descr = false, has_order = false, has_shape = false;
  for (;;) {
    SkipSpaces(header, &at);
    if (at < header.size() && header[at] == '}') break;
    std::string key;
    if (!ParseQuoted(header, &at, &key)) {
      *error = "the header dict has a key that is not a string";
      return false;
    }
    SkipSpaces(header, &at);
    if (at >= header.size() || header[at] != ':') {
      *error = "the header dict has no ':' after '" + key + "'";
      return false;
    }
    ++at;
    SkipSpaces(header, &at);
    if (key == "descr") {
      if (!ParseQuoted(header, &at, &array->descr)) {
        *error = "'descr' is not a simple dtype string (structured arrays are not supported)";
        return false;
      }
      has_descr = true;
    } else if (key == "fortran_order") {
      if (header.compare(at, 4, "True") == 0) {
        array->fortran_order = true;
        at += 4;
      } else if (header.compare(at, 5, "False") == 0) {
        array->fortran_order = false;
        at += 5;
      } else {
        *error = "'fortran_order' is neither True nor False";
        return false;
      }
      has_order = true;
    } else if (key == "shape") {
      if (!ParseShape(header, &at, &array->shape)) {
        *error = "'shape' is not a tuple of non-negative integers";
        return false;
      }
      has_shape = true;
    } else {
      *error = "the header has an unknown key '" + key + "'";
      return false;
    }
    SkipSpaces(header, &at);
    if (at < header.size() && header[at] == ',') {
      ++at;
    } else if (at >= header.size() || header[at] != '}') {
      *error = "the header dict is malformed after '" + key + "'";
      return false;
    }
  }
  if (!has_descr || !has_order || !has_shape) {
    *error = "the header lacks one of 'descr', 'fortran_order' and 'shape'";
    return false;
  }
  return true;
}

}  // namespace

bool ReadFile(const std::string& path, std::vector<char>* bytes, std::string* error) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    *error = "cannot open \"" + path + "\": " + std::strerror(errno);
    return false;
  }
  if (!S_ISREG(info.st_mode)) {
    *error = "\"" + path + "\" is not a regular file";
    return false;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    *error = "cannot open \"" + path + "\"";
    return false;
  }
  bytes->resize(static_cast<size_t>(info.st_size));
  if (!file.read(bytes->data(), static_cast<std::streamsize>(bytes->size())) || file.peek() != EOF) {
    *error = "cannot read \"" + path + "\"";
    return false;
  }
  return true;
}

size_t DescrItemSize(const std::string& descr) {
  if (descr.size() < 3) return 0;
  const char order = descr[0];
  if (order != '<' && order != '|' && order != '=') return 0;
  const char kind = descr[1];
  if (kind != 'f' && kind != 'u' && kind != 'i' && kind != 'V') return 0;
  size_t size = 0;
  for (size_t i = 2; i < descr.size(); ++i) {
    if (descr[i] < '0' || descr[i] > '9') return 0;
    size = size * 10 + static_cast<size_t>(descr[i] - '0');
    if (size > 16) return 0;
  }
  // '|' (no byte order) is what numpy writes for one-byte and void types only.
  if (order == '|' && size != 1 && kind != 'V') return 0;
  return size;
}

bool ParseNpy(std::vector<char>* file_bytes, NpyArray* array, std::string* error) {
  const std::vector<char>& file = *file_bytes;
  if (file.size() < kMagicSize + 2 || std::memcmp(file.data(), kMagic, kMagicSize) != 0) {
    *error = "not a .npy file (no \\x93NUMPY magic)";
    return false;
  }
  const int major = static_cast<unsigned char>(file[6]);
  size_t header_at = 0;
  size_t header_size = 0;
  if (major == 1) {
    if (file.size() < 10) {
      *error = "truncated .npy header";
      return false;
    }
    header_size = ReadLittleEndian(file, 8, 2);
    header_at = 10;
  } else if (major == 2 || major == 3) {
    if (file.size() < 12) {
      *error = "truncated .npy header";
      return false;
    }
    header_size = ReadLittleEndian(file, 8, 4);
    header_at = 12;
  } else {
    *error = "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(file[7]);
    return false;
  }
  if (header_size > file.size() - header_at) {
    *error = "the .npy header length (" + std::to_string(header_size) + " bytes) runs past the end of the file";
    return false;
  }
  const std::string header(file.data() + header_at, header_size);
  if (!ParseHeaderDict(header, array, error)) {
    *error = "malformed .npy header: " + *error;
    return false;
  }
  const size_t item = DescrItemSize(array->descr);
  if (item == 0) {
    *error = "unsupported .npy dtype '" + array->descr + "' (big-endian or not a plain numeric type)";
    return false;
  }
  uint64_t count = 1;
  for (int64_t dim : array->shape) {
    if (dim != 0 && count > std::numeric_limits<uint64_t>::max() / item / static_cast<uint64_t>(dim)) {
      *error = "the .npy shape is too large";
      return false;
    }
    count *= static_cast<uint64_t>(dim);
  }
  const size_t data_at = header_at + header_size;
  const uint64_t expected = count * item;
  const uint64_t actual = file.size() - data_at;
  if (actual != expected) {
    *error = "the .npy data holds " + std::to_string(actual) + " bytes, but its header promises " +
             std::to_string(count) + " elements of " + std::to_string(item) + " bytes (" + std::to_string(expected) +
             " bytes)";
    return false;
  }
  file_bytes->erase(file_bytes->begin(), file_bytes->begin() + static_cast<std::ptrdiff_t>(data_at));
  array->data = std::move(*file_bytes);
  return true;
}

std::string NpyHeader(const std::string& descr, const std::vector<int64_t>& shape) {
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < shape.size(); ++i) {
    dict += std::to_string(shape[i]);
    if (shape.size() == 1 || i + 1 < shape.size()) dict += ",";
    if (i + 1 < shape.size()) dict += " ";
  }
  dict += "), }";
  // Pad with spaces and a newline so that the data starts on a 64-byte boundary, as numpy does.
  const size_t unpadded = kMagicSize + 4 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict += '\n';
  std::string header(kMagic, kMagicSize);
  header += '\x01';
  header += '\x00';
  header += static_cast<char>(dict.size() & 0xFF);
  header += static_cast<char>(dict.size() >> 8);
  return header + dict;
}

bool WriteFileAtomically(const std::string& path, const std::string& prefix, const char* data, size_t size,
                         std::string* error) {
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = mkstemp(&temp[0]);
  if (fd < 0) {
    *error = "cannot create a temporary file next to \"" + path + "\": " + std::strerror(errno);
    return false;
  }
  int failure = 0;  // the errno of the first step that failed
  const std::pair<const char*, size_t> parts[2] = {{prefix.data(), prefix.size()}, {data, size}};
  for (const auto& part : parts) {
    size_t written = 0;
    while (failure == 0 && written < part.second) {
      const ssize_t n = write(fd, part.first + written, part.second - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        failure = n < 0 ? errno : EIO;
      } else {
        written += static_cast<size_t>(n);
      }
    }
  }
  if (failure == 0 && fsync(fd) != 0) failure = errno;
  if (close(fd) != 0 && failure == 0) failure = errno;
  if (failure == 0) {
    // mkstemp creates 0600; give the output the usual permissions (0666 less the umask).
    const mode_t mask = umask(0);
    umask(mask);
    if (chmod(temp.c_str(), 0666 & ~mask) != 0) failure = errno;
  }
  if (failure == 0 && std::rename(temp.c_str(), path.c_str()) != 0) failure = errno;
  if (failure != 0) {
    *error = "cannot write \"" + path + "\": " + std::strerror(failure);
    unlink(temp.c_str());
    return false;
  }
  return true;
}

}  // namespace aclnn_host_cli
