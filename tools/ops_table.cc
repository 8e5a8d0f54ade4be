// The operator table and the parsing of names, dtypes and integer lists.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>
#include <utility>

#include <cstring>
#include "cli.h"

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn_host/inspect.h"

namespace aclnn_host_cli {
namespace {

// Lower case, without '-' and '_', and without a leading "aclnn".
std::string NormalizeName(const std::string& name) {
  std::string text;
  for (char c : name) {
    if (c == '-' || c == '_') continue;
    text += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (text.compare(0, 5, "aclnn") == 0) text.erase(0, 5);
  return text;
}

std::string Trim(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  const size_t end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

}  // namespace

std::string SnakeCase(const char* name) {
  std::string text;
  for (const char* c = name; *c != '\0'; ++c) {
    if (std::isupper(static_cast<unsigned char>(*c))) {
      if (!text.empty()) text += '_';
      text += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
    } else {
      text += *c;
    }
  }
  return text;
}

const std::vector<OpInfo>& Ops() {
  static const std::vector<OpInfo> ops = [] {
    std::vector<OpInfo> table;
    for (size_t i = 0; i < aclnnHostOpCount(); ++i) {
      const aclnnHostOpInfo* entry = aclnnHostOpGet(i);
      OpInfo op{entry, entry->name, entry->api, entry->kernelType,   entry->pythonName,
                {},    {},          {},         entry->inPlace != 0, entry->outputCasts != 0};
      for (uint32_t k = 0; k < entry->numInputs; ++k) op.inputs.push_back(SnakeCase(entry->inputNames[k]));
      for (uint32_t k = 0; k < entry->numScalars; ++k) op.scalars.push_back(SnakeCase(entry->scalarNames[k]));
      for (uint32_t k = 0; k < entry->numFlags; ++k) op.flags.push_back(SnakeCase(entry->flagNames[k]));
      table.push_back(std::move(op));
    }
    return table;
  }();
  return ops;
}

const OpInfo& FindOp(const std::string& name) {
  const std::string key = NormalizeName(name);
  for (const OpInfo& op : Ops()) {
    if (key == NormalizeName(op.name)) return op;
  }
  std::string names;
  for (const OpInfo& op : Ops()) names += std::string(names.empty() ? "" : ", ") + op.name;
  throw CliError(kExitUsage, "unknown operator \"" + name + "\"; the operators are " + names +
                                 " (the aclnn names, e.g. aclnnHardswishBackwardV2, work too)");
}

std::string CanonicalInputName(const OpInfo& op, const std::string& name) {
  std::string key = NormalizeName(name);
  if (key == "grad" || key == "g") key = "gradoutput";
  if (key == "x") key = "self";
  for (const std::string& input : op.inputs) {
    if (key == NormalizeName(input)) return input;
  }
  std::string names;
  for (const std::string& input : op.inputs) names += std::string(names.empty() ? "" : ", ") + input;
  throw CliError(kExitUsage, "\"" + name + "\" is not an input of " + op.name + "; its inputs are " + names);
}

namespace {

// The tensor dtypes the CLI reads and writes: names, and numpy's descr of a .npy file (bf16 has
// none: its files hold uint16 bit patterns, '<u2').
struct CliDtype {
  aclDataType dtype;
  const char* display;  // numpy's name, as the kit's file names spell it
  const char* npy;
  const char* aliases[4];
};

constexpr CliDtype kCliDtypes[] = {
    {ACL_FLOAT, "float32", "<f4", {"fp32", "float32", "float", "f32"}},
    {ACL_FLOAT16, "float16", "<f2", {"fp16", "float16", "half", "f16"}},
    {ACL_BF16, "bfloat16", "<u2", {"bf16", "bfloat16", nullptr, nullptr}},
    {ACL_INT32, "int32", "<i4", {"int32", "i32", nullptr, nullptr}},
    {ACL_INT8, "int8", "|i1", {"int8", "i8", nullptr, nullptr}},
    {ACL_UINT8, "uint8", "|u1", {"uint8", "u8", nullptr, nullptr}},
    {ACL_INT64, "int64", "<i8", {"int64", "i64", nullptr, nullptr}},
    {ACL_INT16, "int16", "<i2", {"int16", "i16", nullptr, nullptr}},
};

const CliDtype* FindCliDtype(aclDataType dtype) {
  for (const CliDtype& entry : kCliDtypes) {
    if (entry.dtype == dtype) return &entry;
  }
  return nullptr;
}

}  // namespace

aclDataType ParseDtype(const std::string& name) {
  const std::string key = NormalizeName(name);
  for (const CliDtype& entry : kCliDtypes) {
    for (const char* alias : entry.aliases) {
      if (alias != nullptr && key == alias) return entry.dtype;
    }
  }
  throw CliError(kExitUsage, "unknown dtype \"" + name +
                                 "\"; the dtypes are fp32, fp16, bf16, int32, int16, int8, uint8 and int64");
}

const char* NpyDescrOf(aclDataType dtype) {
  const CliDtype* entry = FindCliDtype(dtype);
  return entry != nullptr ? entry->npy : "";
}

aclDataType DtypeOfNpyDescr(const std::string& descr) {
  const std::string type = descr.size() > 1 ? descr.substr(1) : descr;
  for (const CliDtype& entry : kCliDtypes) {
    if (entry.dtype != ACL_BF16 && type == std::string(entry.npy).substr(1)) return entry.dtype;
  }
  return ACL_DT_UNDEFINED;
}

aclDataType ParseScalarDtype(const std::string& name) {
  const std::string key = NormalizeName(name);
  if (key == "fp64" || key == "float64" || key == "double" || key == "f64") return ACL_DOUBLE;
  if (key == "int") return ACL_INT32;
  if (key == "bool") return ACL_BOOL;
  return ParseDtype(name);
}

// `value` truncated toward zero into T's range (NaN reads as 0): a plain static_cast of an
// out-of-range double is undefined.
template <typename T>
T ClampToInteger(double value) {
  if (value != value) return T(0);
  const double low = static_cast<double>(std::numeric_limits<T>::min());
  const double high = static_cast<double>(std::numeric_limits<T>::max());
  if (value <= low) return std::numeric_limits<T>::min();
  if (value >= high) return std::numeric_limits<T>::max();  // INT64's max reads as 2^63 here
  return static_cast<T>(value);
}

aclScalar* CreateScalarOf(double value, aclDataType dtype) {
  // The value in the scalar's own storage type.
  union {
    float f32;
    double f64;
    uint16_t bits16;
    int64_t i64;
    int32_t i32;
    int16_t i16;
    int8_t i8;
    uint8_t u8;
    bool b;
  } storage{};
  switch (dtype) {
    case ACL_FLOAT16:
      storage.bits16 = aclFloatToFloat16(static_cast<float>(value));
      break;
    case ACL_BF16: {
      const float f = static_cast<float>(value);
      uint32_t bits = 0;
      std::memcpy(&bits, &f, 4);
      storage.bits16 = static_cast<uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
      break;
    }
    case ACL_DOUBLE:
      storage.f64 = value;
      break;
    case ACL_INT64:
      storage.i64 = ClampToInteger<int64_t>(value);
      break;
    case ACL_INT32:
      storage.i32 = ClampToInteger<int32_t>(value);
      break;
    case ACL_INT16:
      storage.i16 = ClampToInteger<int16_t>(value);
      break;
    case ACL_INT8:
      storage.i8 = ClampToInteger<int8_t>(value);
      break;
    case ACL_UINT8:
      storage.u8 = ClampToInteger<uint8_t>(value);
      break;
    case ACL_BOOL:
      storage.b = value != 0;
      break;
    default:
      storage.f32 = static_cast<float>(value);
      break;
  }
  return aclCreateScalar(&storage, dtype);
}

const char* DtypeDisplayName(aclDataType dtype) {
  const CliDtype* entry = FindCliDtype(dtype);
  return entry != nullptr ? entry->display : "unsupported";
}

std::vector<int64_t> ParseIntList(const std::string& text, const std::string& what, bool allow_negative) {
  std::string body = Trim(text);
  if (body.size() >= 2 &&
      ((body.front() == '[' && body.back() == ']') || (body.front() == '(' && body.back() == ')'))) {
    body = Trim(body.substr(1, body.size() - 2));
  }
  std::vector<int64_t> values;
  if (body.empty()) return values;
  size_t at = 0;
  for (;;) {
    const size_t comma = body.find_first_of(",x", at);
    const std::string item = Trim(body.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
    char* end = nullptr;
    errno = 0;
    const long long value = std::strtoll(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || errno == ERANGE || (!allow_negative && value < 0)) {
      throw CliError(kExitUsage, "malformed " + what + " \"" + text + "\": expected comma-separated " +
                                     (allow_negative ? "integers" : "non-negative integers") + ", e.g. 2,3");
    }
    values.push_back(value);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return values;
}

std::string FormatList(const std::vector<int64_t>& values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i) text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

void CheckSocName(const std::string& name) {
  if (aclnnHostSocFind(name.c_str()) != nullptr) return;
  std::string names;
  for (const std::string& soc : SocNames()) names += (names.empty() ? "" : ", ") + soc;
  throw CliError(kExitUsage, "unknown SoC \"" + name + "\"; the SoC profiles are " + names);
}

std::vector<std::string> SocNames() {
  std::vector<std::string> names;
  for (size_t i = 0; i < aclnnHostSocCount(); ++i) names.push_back(aclnnHostSocGet(i)->name);
  return names;
}

}  // namespace aclnn_host_cli
