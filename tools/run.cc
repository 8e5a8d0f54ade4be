// `aclnn-host run` and `aclnn-host bench`: the operators through the public API only, as a CANN
// program calls them (aclInit, aclrtSetDevice, aclrtCreateStream, aclrtMalloc/Memcpy,
// aclCreateTensor, the two phases, aclrtSynchronizeStream).
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "cli.h"
#include "files.h"
#include "kit_layout.h"

namespace aclnn_host_cli {
namespace {

// ---- acl calls ----------------------------------------------------------------------------------

[[noreturn]] void ThrowLibraryError(const char* api, int status) {
  const char* message = aclGetRecentErrMsg();
  std::string text = std::string(api) + " failed with status " + std::to_string(status);
  if (message != nullptr && *message != '\0') text += ": " + std::string(message);
  while (!text.empty() && text.back() == '\n') text.pop_back();  // CANN's envelope ends each line with one
  throw CliError(kExitLibrary, text);
}

void Check(const char* api, int status) {
  if (status != 0) ThrowLibraryError(api, status);
}

// The runtime for one command: aclInit, device 0 and a stream; torn down in reverse order.
class AclSession {
 public:
  explicit AclSession(const std::string& soc) {
    if (!soc.empty()) {
      CheckSocName(soc);
      setenv("ACLNN_HOST_SOC", soc.c_str(), 1);  // read by aclInit
    }
    Check("aclInit", aclInit(nullptr));
    initialised_ = true;
    Check("aclrtSetDevice", aclrtSetDevice(0));
    device_set_ = true;
    Check("aclrtCreateStream", aclrtCreateStream(&stream_));
  }
  ~AclSession() {
    for (const aclScalar* scalar : scalars_) aclDestroyScalar(scalar);
    for (const aclTensor* tensor : tensors_) aclDestroyTensor(tensor);
    for (void* buffer : buffers_) aclrtFree(buffer);
    if (stream_ != nullptr) aclrtDestroyStream(stream_);
    if (device_set_) aclrtResetDevice(0);
    if (initialised_) aclFinalize();
  }
  AclSession(const AclSession&) = delete;
  AclSession& operator=(const AclSession&) = delete;

  aclrtStream stream() const { return stream_; }

  /// Device memory of at least one byte (aclrtMalloc rejects 0), freed with the session.
  void* Malloc(size_t bytes) {
    void* buffer = nullptr;
    Check("aclrtMalloc", aclrtMalloc(&buffer, std::max<size_t>(bytes, 1), ACL_MEM_MALLOC_HUGE_FIRST));
    buffers_.push_back(buffer);
    return buffer;
  }

  void Free(void* buffer) {
    buffers_.erase(std::find(buffers_.begin(), buffers_.end(), buffer));
    Check("aclrtFree", aclrtFree(buffer));
  }

  aclScalar* CreateScalar(double value, aclDataType dtype) {
    aclScalar* scalar = CreateScalarOf(value, dtype);
    if (scalar == nullptr) throw CliError(kExitLibrary, "aclCreateScalar failed");
    scalars_.push_back(scalar);
    return scalar;
  }

  aclTensor* CreateTensor(const std::vector<int64_t>& view, aclDataType dtype, const std::vector<int64_t>& strides,
                          int64_t offset, const std::vector<int64_t>& storage, void* data) {
    aclTensor* tensor = aclCreateTensor(view.data(), view.size(), dtype, strides.data(), offset, ACL_FORMAT_ND,
                                        storage.data(), storage.size(), data);
    if (tensor == nullptr) ThrowLibraryError("aclCreateTensor", -1);
    tensors_.push_back(tensor);
    return tensor;
  }

 private:
  bool initialised_ = false;
  bool device_set_ = false;
  aclrtStream stream_ = nullptr;
  std::vector<const aclTensor*> tensors_;
  std::vector<const aclScalar*> scalars_;
  std::vector<void*> buffers_;
};

// ---- tensors on the host --------------------------------------------------------------------------

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  return strides;
}

int64_t CountOf(const std::vector<int64_t>& shape) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  return count;
}

// An input as read from its file: the storage bytes and the view aclCreateTensor gets.
struct HostTensor {
  aclDataType dtype = ACL_FLOAT;
  std::vector<int64_t> view;
  std::vector<int64_t> strides;
  int64_t offset = 0;
  std::vector<int64_t> storage;
  std::vector<char> bytes;
};

// The value of a per-input option: "NAME=VALUE" for one input, "VALUE" for all. Later wins.
class PerInput {
 public:
  PerInput(const OpInfo& op, const std::vector<std::string>& values) {
    for (const std::string& value : values) {
      const size_t equals = value.find('=');
      if (equals == std::string::npos) {
        all_ = value;
        has_all_ = true;
      } else {
        by_name_[CanonicalInputName(op, value.substr(0, equals))] = value.substr(equals + 1);
      }
    }
  }
  bool Get(const std::string& name, std::string* value) const {
    const auto it = by_name_.find(name);
    if (it != by_name_.end()) {
      *value = it->second;
      return true;
    }
    if (has_all_) *value = all_;
    return has_all_;
  }

 private:
  std::map<std::string, std::string> by_name_;
  std::string all_;
  bool has_all_ = false;
};

bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The dtype a .npy descr holds: f4 and f2 by themselves; 2-byte integers or void (bf16 bit
// patterns, as numpy users store them) only with --dtype bf16 (or fp16).
aclDataType NpyDtype(const std::string& descr, bool has_dtype, aclDataType requested, const std::string& where) {
  const std::string type = descr.substr(1);
  aclDataType found;
  if (DtypeOfNpyDescr(descr) != ACL_DT_UNDEFINED) {
    found = DtypeOfNpyDescr(descr);
  } else if (type == "u2" || type == "i2" || type == "V2") {
    // The bits of a 16-bit float type: bf16 (numpy has none) or, as some tools store it, fp16.
    if (!has_dtype || requested == ACL_FLOAT) {
      throw CliError(kExitInput, where + " holds 2-byte integers ('" + descr +
                                     "'); bf16 data stored as uint16 bit patterns needs --dtype bf16 "
                                     "(or --dtype fp16 for fp16 bit patterns)");
    }
    return requested;
  } else {
    throw CliError(
        kExitInput,
        where + " has dtype '" + descr +
            "'; supported are '<f4' (fp32), '<f2' (fp16), '<u2' holding bf16 bits, '<i4', '|i1', '|u1' and '<i8'");
  }
  if (has_dtype && requested != found) {
    throw CliError(kExitInput, where + " holds " + DtypeDisplayName(found) + " ('" + descr + "'), not the " +
                                   DtypeDisplayName(requested) + " that --dtype asks for");
  }
  return found;
}

HostTensor LoadInput(const OpInfo& op, const std::string& name, const std::string& path, const RunOptions& options) {
  const PerInput dtypes(op, options.dtypes);
  const PerInput shapes(op, options.shapes);
  const PerInput strides(op, options.strides);
  const PerInput offsets(op, options.offsets);
  std::string dtype_text, shape_text, stride_text, offset_text;
  const bool has_dtype = dtypes.Get(name, &dtype_text);
  const bool has_shape = shapes.Get(name, &shape_text);
  const bool has_stride = strides.Get(name, &stride_text);
  const bool has_offset = offsets.Get(name, &offset_text);
  const aclDataType requested = has_dtype ? ParseDtype(dtype_text) : ACL_FLOAT;
  const std::string where = "input " + name + " (\"" + path + "\")";

  HostTensor tensor;
  std::vector<char> file;
  std::string error;
  if (!ReadFile(path, &file, &error)) throw CliError(kExitInput, where + ": " + error);
  bool fortran = false;
  if (EndsWith(path, ".npy")) {
    NpyArray array;
    if (!ParseNpy(&file, &array, &error)) throw CliError(kExitInput, where + ": " + error);
    tensor.dtype = NpyDtype(array.descr, has_dtype, requested, where);
    tensor.storage = array.shape;
    tensor.bytes = std::move(array.data);
    fortran = array.fortran_order;
    if (fortran && (has_shape || has_stride)) {
      throw CliError(kExitUsage, where + " is in Fortran order; --shape and --stride apply to C-order files only");
    }
  } else {
    if (!has_dtype) throw CliError(kExitUsage, where + " is a raw file: give its --dtype (or use a .npy file)");
    if (!has_shape) throw CliError(kExitUsage, where + " is a raw file: give its --shape (or use a .npy file)");
    tensor.dtype = requested;
    const size_t item = aclDataTypeSize(tensor.dtype);
    if (file.size() % item != 0) {
      throw CliError(kExitInput, where + " holds " + std::to_string(file.size()) + " bytes, not a whole number of " +
                                     DtypeDisplayName(tensor.dtype) + " elements");
    }
    tensor.storage = {static_cast<int64_t>(file.size() / item)};
    tensor.bytes = std::move(file);
  }

  tensor.view = has_shape ? ParseIntList(shape_text, "--shape for " + name, false) : tensor.storage;
  if (has_stride) {
    tensor.strides = ParseIntList(stride_text, "--stride for " + name, true);
    if (tensor.strides.size() != tensor.view.size()) {
      throw CliError(kExitUsage, "--stride for " + name + " has " + std::to_string(tensor.strides.size()) +
                                     " values, but the view " + FormatList(tensor.view) + " has " +
                                     std::to_string(tensor.view.size()) + " dims");
    }
  } else if (fortran) {
    tensor.strides.assign(tensor.view.size(), 1);
    for (size_t i = 1; i < tensor.view.size(); ++i) tensor.strides[i] = tensor.strides[i - 1] * tensor.view[i - 1];
    std::reverse(tensor.storage.begin(), tensor.storage.end());
  } else {
    tensor.strides = RowMajorStrides(tensor.view);
    const int64_t stored = static_cast<int64_t>(tensor.bytes.size() / aclDataTypeSize(tensor.dtype));
    if (!has_offset && CountOf(tensor.view) != stored) {
      throw CliError(kExitInput, where + " holds " + std::to_string(stored) + " elements, but the shape " +
                                     FormatList(tensor.view) + " has " + std::to_string(CountOf(tensor.view)) +
                                     " (give --stride/--offset to read a view of it)");
    }
  }
  if (has_offset) {
    const std::vector<int64_t> offset = ParseIntList(offset_text, "--offset for " + name, false);
    if (offset.size() != 1) throw CliError(kExitUsage, "--offset for " + name + " must be one integer");
    tensor.offset = offset[0];
  }
  return tensor;
}

// Copies a strided view out of host storage into row-major order.
std::vector<char> GatherView(const std::vector<char>& storage, const std::vector<int64_t>& view,
                             const std::vector<int64_t>& strides, int64_t offset, size_t item) {
  const int64_t count = CountOf(view);
  std::vector<char> out(static_cast<size_t>(count) * item);
  std::vector<int64_t> index(view.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t at = offset;
    for (size_t d = 0; d < view.size(); ++d) at += index[d] * strides[d];
    std::memcpy(&out[static_cast<size_t>(i) * item], &storage[static_cast<size_t>(at) * item], item);
    for (size_t d = view.size(); d-- > 0;) {
      if (++index[d] < view[d]) break;
      index[d] = 0;
    }
  }
  return out;
}

// The two phases of `op` with `call`'s arguments, through the library's generic call (which calls
// the op's own aclnnXxxGetWorkspaceSize and aclnnXxx).
void RunOp(const OpInfo& op, AclSession& session, const aclnnHostOpCall& call) {
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const std::string phase_one = std::string(op.aclnn_name) + "GetWorkspaceSize";
  Check(phase_one.c_str(), aclnnHostOpGetWorkspaceSize(op.entry, &call, &workspace_size, &executor));
  void* workspace = workspace_size > 0 ? session.Malloc(workspace_size) : nullptr;
  Check(op.aclnn_name, aclnnHostOpRun(op.entry, workspace, workspace_size, executor, session.stream()));
  Check("aclrtSynchronizeStream", aclrtSynchronizeStream(session.stream()));
  // The workspace belongs to this call (a benchmark loop must not accumulate them).
  if (workspace != nullptr) session.Free(workspace);
}

// The op's scalars and flags from NAME=VALUE[:DTYPE] options (scalars default to fp32).
void AddScalarsAndFlags(const OpInfo& op, AclSession& session, const std::vector<std::string>& scalars,
                        const std::vector<std::string>& flags, aclnnHostOpCall* call) {
  std::vector<bool> given(op.scalars.size(), false);
  for (const std::string& text : scalars) {
    const size_t equals = text.find('=');
    const std::string name = equals == std::string::npos ? "" : text.substr(0, equals);
    size_t index = op.scalars.size();
    for (size_t k = 0; k < op.scalars.size(); ++k) {
      if (op.scalars[k] == name || SnakeCase(name.c_str()) == op.scalars[k]) index = k;
    }
    if (index == op.scalars.size()) {
      std::string names;
      for (const std::string& n : op.scalars) names += std::string(names.empty() ? "" : ", ") + n;
      throw CliError(kExitUsage, "--scalar \"" + text + "\": " + op.name + "'s scalars are " +
                                     (names.empty() ? std::string("none") : names) + " (NAME=VALUE[:DTYPE])");
    }
    std::string value_text = text.substr(equals + 1);
    aclDataType dtype = ACL_FLOAT;
    const size_t colon = value_text.find(':');
    if (colon != std::string::npos) {
      dtype = ParseScalarDtype(value_text.substr(colon + 1));
      value_text = value_text.substr(0, colon);
    }
    char* end = nullptr;
    const double value = std::strtod(value_text.c_str(), &end);
    if (value_text.empty() || *end != '\0') throw CliError(kExitUsage, "--scalar \"" + text + "\": not a number");
    call->scalars[index] = session.CreateScalar(value, dtype);
    given[index] = true;
  }
  for (size_t k = 0; k < op.scalars.size(); ++k) {
    if (!given[k]) throw CliError(kExitUsage, std::string(op.name) + " needs --scalar " + op.scalars[k] + "=VALUE");
  }
  for (const std::string& text : flags) {
    const size_t equals = text.find('=');
    const std::string name = equals == std::string::npos ? text : text.substr(0, equals);
    size_t index = op.flags.size();
    for (size_t k = 0; k < op.flags.size(); ++k) {
      if (op.flags[k] == name || SnakeCase(name.c_str()) == op.flags[k]) index = k;
    }
    if (index == op.flags.size()) throw CliError(kExitUsage, "--flag \"" + text + "\" is not a flag of " + op.name);
    const std::string value = equals == std::string::npos ? "1" : text.substr(equals + 1);
    if (value != "0" && value != "1" && value != "true" && value != "false") {
      throw CliError(kExitUsage, "--flag \"" + text + "\": the value is 0, 1, true or false");
    }
    call->flags[index] = value == "1" || value == "true" ? 1 : 0;
  }
}

// The shape the inputs broadcast to (numpy's rules). When they do not broadcast, the first input's
// shape: the library's check then reports upstream's status and message, not the CLI.
std::vector<int64_t> BroadcastShape(const std::vector<std::vector<int64_t>>& shapes) {
  std::vector<int64_t> result;
  for (const std::vector<int64_t>& shape : shapes) {
    if (shape.size() > result.size()) result.insert(result.begin(), shape.size() - result.size(), 1);
    for (size_t i = 0; i < shape.size(); ++i) {
      int64_t& dim = result[result.size() - shape.size() + i];
      if (dim == shape[i] || shape[i] == 1) continue;
      if (dim != 1) return shapes.front();
      dim = shape[i];
    }
  }
  return result;
}

float ValueAsFloat(const char* p, aclDataType dtype) {
  uint32_t bits = 0;
  if (dtype == ACL_FLOAT) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  uint16_t h;
  std::memcpy(&h, p, 2);
  if (dtype == ACL_FLOAT16) return aclFloat16ToFloat(h);
  bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

const char* NpyDescr(aclDataType dtype) { return NpyDescrOf(dtype); }

// One printed element: "%f" of the float value, an integer dtype as an integer.
void PrintValue(const char* p, aclDataType dtype, bool first) {
  const char* separator = first ? "" : " ";
  switch (dtype) {
    case ACL_INT8:
      std::printf("%s%d", separator, static_cast<int>(*reinterpret_cast<const int8_t*>(p)));
      return;
    case ACL_UINT8:
      std::printf("%s%d", separator, static_cast<int>(*reinterpret_cast<const uint8_t*>(p)));
      return;
    case ACL_INT16: {
      int16_t value;
      std::memcpy(&value, p, 2);
      std::printf("%s%d", separator, static_cast<int>(value));
      return;
    }
    case ACL_INT32: {
      int32_t value;
      std::memcpy(&value, p, 4);
      std::printf("%s%d", separator, value);
      return;
    }
    case ACL_INT64: {
      int64_t value;
      std::memcpy(&value, p, 8);
      std::printf("%s%lld", separator, static_cast<long long>(value));
      return;
    }
    default:
      break;
  }
  std::printf("%s%f", first ? "" : " ", static_cast<double>(ValueAsFloat(p, dtype)));
}

// ops-test-kit's manual-data case (hicann/ops-test-kit docs/Manual_Data_Prepare_and_Replay.md):
// each input's storage as input_<i>_<numpy dtype>.bin in the operator's input order, and the
// output as golden_0_<numpy dtype>__shape_<dims joined by x, or "scalar">.bin.
void CheckCaseName(const std::string& name) {
  if (!IsKitCaseName(name)) {
    throw CliError(kExitUsage, "--case \"" + name + "\" must be 1 to 120 characters of [A-Za-z0-9_.-]");
  }
}

void WriteKitCase(const RunOptions& options, const OpInfo& op, const std::map<std::string, HostTensor>& hosts,
                  const std::vector<char>& result, aclDataType out_dtype, const std::vector<int64_t>& shape) {
  const std::string& name = options.golden_case;
  const std::string folder = options.golden_dir + "/" + name;
  if (mkdir(options.golden_dir.c_str(), 0777) != 0 && errno != EEXIST) {
    throw CliError(kExitOutput, "cannot create " + options.golden_dir + ": " + std::strerror(errno));
  }
  if (mkdir(folder.c_str(), 0777) != 0 && errno != EEXIST) {
    throw CliError(kExitOutput, "cannot create " + folder + ": " + std::strerror(errno));
  }
  std::string error;
  for (size_t i = 0; i < op.inputs.size(); ++i) {
    const HostTensor& host = hosts.at(op.inputs[i]);
    const std::string path = folder + "/" + KitInputFileName(i, DtypeDisplayName(host.dtype));
    if (!WriteFileAtomically(path, "", host.bytes.data(), host.bytes.size(), &error)) {
      throw CliError(kExitOutput, error);
    }
  }
  const std::string path = folder + "/" + KitGoldenFileName(DtypeDisplayName(out_dtype), shape);
  if (!WriteFileAtomically(path, "", result.data(), result.size(), &error)) throw CliError(kExitOutput, error);
  std::printf("%s\n", folder.c_str());
}

}  // namespace

int RunCommand(const RunOptions& options) {
  const OpInfo& op = FindOp(options.op);
  if (!options.golden_dir.empty()) CheckCaseName(options.golden_case);
  std::map<std::string, std::string> files;
  for (const std::string& input : options.inputs) {
    const size_t equals = input.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == input.size()) {
      throw CliError(kExitUsage, "--input \"" + input + "\" is not NAME=FILE");
    }
    const std::string name = CanonicalInputName(op, input.substr(0, equals));
    if (files.count(name) != 0) throw CliError(kExitUsage, "input " + name + " is given twice");
    files[name] = input.substr(equals + 1);
  }
  for (const std::string& name : op.inputs) {
    if (files.count(name) == 0) {
      throw CliError(kExitUsage, std::string(op.name) + " needs --input " + name + "=FILE");
    }
  }
  // Validate the option names before any file is read.
  (void)PerInput(op, options.dtypes);
  (void)PerInput(op, options.shapes);
  (void)PerInput(op, options.strides);
  (void)PerInput(op, options.offsets);
  const bool has_out_dtype = !options.out_dtype.empty();
  const aclDataType requested_out = has_out_dtype ? ParseDtype(options.out_dtype) : ACL_FLOAT;
  if (!options.soc.empty()) CheckSocName(options.soc);

  std::map<std::string, HostTensor> hosts;
  for (const std::string& name : op.inputs) hosts[name] = LoadInput(op, name, files[name], options);

  AclSession session(options.soc);
  aclnnHostOpCall call{};
  std::vector<void*> device;
  std::vector<std::vector<int64_t>> input_shapes;
  for (size_t k = 0; k < op.inputs.size(); ++k) {
    const HostTensor& host = hosts[op.inputs[k]];
    void* data = session.Malloc(host.bytes.size());
    if (!host.bytes.empty()) {
      Check("aclrtMemcpy",
            aclrtMemcpy(data, host.bytes.size(), host.bytes.data(), host.bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE));
    }
    device.push_back(data);
    call.inputs[k] = session.CreateTensor(host.view, host.dtype, host.strides, host.offset, host.storage, data);
    input_shapes.push_back(host.view);
  }
  AddScalarsAndFlags(op, session, options.scalars, options.flags, &call);
  // The output: self's dtype unless --out-dtype says otherwise, the inputs' broadcast shape.
  const HostTensor& first = hosts[op.inputs[0]];
  const HostTensor& self = hosts.count("self") != 0 ? hosts["self"] : first;
  const aclDataType out_dtype = has_out_dtype ? requested_out : self.dtype;
  if (op.in_place && out_dtype != first.dtype) {
    throw CliError(kExitUsage, std::string(op.name) + " writes " + op.inputs[0] + ": --out-dtype must be its dtype");
  }
  const std::vector<int64_t> out_shape = op.in_place ? first.view : BroadcastShape(input_shapes);
  const size_t out_item = aclDataTypeSize(out_dtype);
  const size_t out_bytes = static_cast<size_t>(std::max<int64_t>(CountOf(out_shape), 0)) * out_item;
  void* out_data = nullptr;
  if (!op.in_place) {
    out_data = session.Malloc(out_bytes);
    call.output = session.CreateTensor(out_shape, out_dtype, RowMajorStrides(out_shape), 0, out_shape, out_data);
  }
  RunOp(op, session, call);

  std::vector<char> result;
  if (op.in_place) {
    std::vector<char> storage(first.bytes.size());
    if (!storage.empty()) {
      Check("aclrtMemcpy",
            aclrtMemcpy(storage.data(), storage.size(), device[0], storage.size(), ACL_MEMCPY_DEVICE_TO_HOST));
    }
    result = GatherView(storage, first.view, first.strides, first.offset, out_item);
  } else {
    result.resize(out_bytes);
    if (out_bytes > 0) {
      Check("aclrtMemcpy", aclrtMemcpy(result.data(), out_bytes, out_data, out_bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    }
  }

  std::string error;
  if (!options.golden_dir.empty()) {
    WriteKitCase(options, op, hosts, result, out_dtype, out_shape);
  } else {
    const std::string header = EndsWith(options.output, ".npy") ? NpyHeader(NpyDescr(out_dtype), out_shape) : "";
    if (!WriteFileAtomically(options.output, header, result.data(), result.size(), &error)) {
      throw CliError(kExitOutput, error);
    }
  }
  if (options.print) {
    for (size_t i = 0; i < result.size(); i += out_item) {
      PrintValue(&result[i], out_dtype, i == 0);
    }
    std::printf("\n");
  }
  return kExitOk;
}

// ---- bench -----------------------------------------------------------------------------------------

namespace {

// Deterministic inputs in [-5, 5): both sides of the ±3 boundaries and the linear branch.
std::vector<char> BenchData(int64_t count, aclDataType dtype, uint32_t seed) {
  const size_t item = aclDataTypeSize(dtype);
  std::vector<char> bytes(static_cast<size_t>(count) * item);
  uint32_t state = seed;
  for (int64_t i = 0; i < count; ++i) {
    state = state * 1664525u + 1013904223u;
    const float value = static_cast<float>(state >> 8) / 16777216.0f * 10.0f - 5.0f;
    char* p = &bytes[static_cast<size_t>(i) * item];
    if (dtype == ACL_INT32 || dtype == ACL_INT8 || dtype == ACL_UINT8 || dtype == ACL_INT16 || dtype == ACL_INT64) {
      const int64_t whole = static_cast<int64_t>(std::floor(value));  // in [-5, 5)
      std::memcpy(p, &whole, item);                                   // little-endian: the low bytes
    } else if (dtype == ACL_FLOAT) {
      std::memcpy(p, &value, 4);
    } else if (dtype == ACL_FLOAT16) {
      const uint16_t h = aclFloatToFloat16(value);
      std::memcpy(p, &h, 2);
    } else {
      uint32_t bits;
      std::memcpy(&bits, &value, 4);
      const uint16_t b = static_cast<uint16_t>(bits >> 16);  // truncation is fine for test data
      std::memcpy(p, &b, 2);
    }
  }
  return bytes;
}

}  // namespace

int BenchCommand(const BenchOptions& options) {
  const OpInfo& op = FindOp(options.op);
  const std::vector<int64_t> shape = ParseIntList(options.shape, "--shape", false);
  const aclDataType dtype = ParseDtype(options.dtype);
  const aclDataType out_dtype = options.out_dtype.empty() ? dtype : ParseDtype(options.out_dtype);
  if (options.iterations < 0) throw CliError(kExitUsage, "--iterations must be 0 (automatic) or more");
  if (options.warmup < 0) throw CliError(kExitUsage, "--warmup must be 0 or more");
  if (!(options.seconds > 0)) throw CliError(kExitUsage, "--seconds must be greater than 0");
  const int64_t count = CountOf(shape);
  AclSession session(options.soc);
  const std::vector<int64_t> strides = RowMajorStrides(shape);
  aclnnHostOpCall call{};
  uint32_t seed = 1;
  for (size_t k = 0; k < op.inputs.size(); ++k) {
    const std::vector<char> host = BenchData(count, dtype, seed++);
    void* data = session.Malloc(host.size());
    if (!host.empty()) {
      Check("aclrtMemcpy", aclrtMemcpy(data, host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE));
    }
    call.inputs[k] = session.CreateTensor(shape, dtype, strides, 0, shape, data);
  }
  AddScalarsAndFlags(op, session, options.scalars, options.flags, &call);
  const size_t out_bytes = static_cast<size_t>(count) * aclDataTypeSize(out_dtype);
  if (!op.in_place) {
    call.output = session.CreateTensor(shape, out_dtype, strides, 0, shape, session.Malloc(out_bytes));
  }
  using Clock = std::chrono::steady_clock;
  for (int i = 0; i < options.warmup; ++i) RunOp(op, session, call);

  // Each sample is one whole call as a CANN program makes it: phase one, phase two, synchronize.
  int iterations = options.iterations;
  if (iterations == 0) {
    const Clock::time_point start = Clock::now();
    RunOp(op, session, call);
    const double once = std::chrono::duration<double>(Clock::now() - start).count();
    iterations = static_cast<int>(std::min(100000.0, std::max(5.0, options.seconds / std::max(once, 1e-9))));
  }
  const bool tty = isatty(STDERR_FILENO) != 0;
  std::vector<double> samples;
  samples.reserve(static_cast<size_t>(iterations));
  const Clock::time_point begin = Clock::now();
  Clock::time_point last_report = begin;
  bool reported = false;
  for (int i = 0; i < iterations; ++i) {
    const Clock::time_point start = Clock::now();
    RunOp(op, session, call);
    const Clock::time_point end = Clock::now();
    samples.push_back(std::chrono::duration<double>(end - start).count());
    // Progress for runs longer than a second, twice a second.
    if (end - begin > std::chrono::seconds(1) && end - last_report > std::chrono::milliseconds(500)) {
      std::fprintf(stderr, "%sbench: %d/%d iterations (%.0f%%)%s", tty ? "\r" : "", i + 1, iterations,
                   100.0 * (i + 1) / iterations, tty ? "" : "\n");
      std::fflush(stderr);
      last_report = end;
      reported = true;
    }
  }
  if (reported && tty) std::fprintf(stderr, "\n");
  std::vector<double> sorted = samples;
  std::sort(sorted.begin(), sorted.end());
  const double median = sorted[sorted.size() / 2];
  const double best = sorted.front();
  double bytes = static_cast<double>(out_bytes);
  bytes +=
      static_cast<double>(op.inputs.size()) * static_cast<double>(count) * static_cast<double>(aclDataTypeSize(dtype));
  if (op.in_place) {
    bytes = 2.0 * static_cast<double>(count) * static_cast<double>(aclDataTypeSize(dtype));
  }
  const double gbps = bytes / median / 1e9;
  const char* soc = aclrtGetSocName();
  if (options.json) {
    nlohmann::ordered_json json;
    json["op"] = op.name;
    json["soc"] = soc != nullptr ? soc : "";
    json["shape"] = shape;
    json["dtype"] = DtypeDisplayName(dtype);
    json["out_dtype"] = DtypeDisplayName(out_dtype);
    json["iterations"] = iterations;
    json["median_s"] = median;
    json["min_s"] = best;
    json["bytes_moved"] = bytes;
    json["gb_per_s"] = gbps;
    json["elements_per_s"] = static_cast<double>(count) / median;
    std::printf("%s\n", json.dump(2).c_str());
  } else {
    std::printf("%s %s %s on %s: %d iterations, median %.3f us, min %.3f us, %.2f GB/s (%.0f bytes moved per call)\n",
                op.name, FormatList(shape).c_str(), DtypeDisplayName(dtype), soc != nullptr ? soc : "?", iterations,
                median * 1e6, best * 1e6, gbps, bytes);
  }
  return kExitOk;
}

}  // namespace aclnn_host_cli
