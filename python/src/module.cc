// The extension behind `import aclnn_host` (docs/python.md): operators through the public C API
// only (acl/acl.h, aclnnop/*.h), exactly as a CANN program calls them, plus the tools layer
// (tools/cli.h: the operator table, the tiling report, the SoC names; tools/compare.h: the
// precision standards). The Python package (python/aclnn_host/__init__.py) wraps these functions.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <shared_mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/op_errno.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "cli.h"
#include "compare.h"
#include "kit_layout.h"

namespace py = pybind11;

namespace {

using aclnn_host_cli::OpInfo;

// A failing acl/aclnn call: becomes aclnn_host.AclnnError with .status and .message.
struct AclnnFailure {
  int status;
  std::string api;
  std::string message;
};

void Check(const char* api, int status) {
  if (status == 0) return;
  const char* recent = aclGetRecentErrMsg();
  throw AclnnFailure{status, api, recent != nullptr ? recent : ""};
}

// The runtime is process-wide and holds one SoC profile from aclInit to aclFinalize. A call runs
// under a shared lock; switching the SoC takes the lock exclusively (waiting for the calls in
// flight), finalises and initialises again. Each thread sets device 0 and creates its stream once
// per initialisation (`generation`).
class Runtime {
 public:
  struct ThreadState {
    uint64_t generation = 0;
    aclrtStream stream = nullptr;
    ~ThreadState() { Get().ReleaseStream(*this); }
  };

  static Runtime& Get() {
    static Runtime* runtime = new Runtime();  // never destroyed: threads may outlive static destructors
    return *runtime;
  }

  // Held for the whole of a call: shared while the runtime already is on the call's SoC;
  // exclusive when the call had to switch it (the call then runs under that lock, so that a
  // switch always makes progress however other threads' SoCs alternate).
  struct Hold {
    std::shared_lock<std::shared_mutex> shared;
    std::unique_lock<std::shared_mutex> exclusive;
  };

  // Returns with the runtime on `soc`.
  Hold Acquire(const std::string& soc) {
    Hold hold;
    hold.shared = std::shared_lock<std::shared_mutex>(mutex_);
    if (initialised_ && soc == soc_) return hold;
    hold.shared.unlock();
    hold.exclusive = std::unique_lock<std::shared_mutex>(mutex_);
    if (!initialised_ || soc != soc_) Initialise(soc);
    return hold;
  }

  // This thread's stream for the current initialisation; call under Acquire's hold. A stream is a
  // host thread once it has run work: it is destroyed when its Python thread ends.
  aclrtStream ThreadStream() {
    thread_local ThreadState state;
    if (state.generation != generation_) {
      Check("aclrtSetDevice", aclrtSetDevice(0));
      aclrtStream created = nullptr;
      Check("aclrtCreateStream", aclrtCreateStream(&created));
      state.stream = created;
      state.generation = generation_;
    }
    return state.stream;
  }

  std::string soc() {
    std::shared_lock<std::shared_mutex> shared(mutex_);
    return initialised_ ? soc_ : "";
  }

  // At thread exit: a stream of an earlier initialisation died with its aclFinalize.
  void ReleaseStream(const ThreadState& state) {
    std::shared_lock<std::shared_mutex> shared(mutex_);
    if (initialised_ && state.stream != nullptr && state.generation == generation_) aclrtDestroyStream(state.stream);
  }

 private:
  // Under the exclusive lock.
  void Initialise(const std::string& soc) {
    if (initialised_) {
      initialised_ = false;
      Check("aclFinalize", aclFinalize());  // drains every stream and frees what is left
    }
    std::string config;
    // The SoC a plain aclInit picks (ACLNN_HOST_SOC, else the default) needs no configuration file.
    if (soc != aclnn_host_cli::ProfileFor("").name) {
      // The aclInit JSON key (docs/configuration.md); ACLNN_HOST_SOC, if set, wins over it.
      const char* folder = std::getenv("TMPDIR");
      std::string pattern = std::string(folder != nullptr && *folder != '\0' ? folder : "/tmp") + "/aclnn-host-XXXXXX";
      std::vector<char> path(pattern.begin(), pattern.end());
      path.push_back('\0');
      const int fd = mkstemp(path.data());
      if (fd < 0) throw std::runtime_error("cannot create the aclInit configuration file " + pattern);
      const std::string text = "{\"aclnn_host\": {\"soc_name\": \"" + soc + "\"}}";
      const bool written = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
      close(fd);
      config = path.data();
      if (!written) {
        unlink(config.c_str());
        throw std::runtime_error("cannot write the aclInit configuration file");
      }
    }
    const aclError status = aclInit(config.empty() ? nullptr : config.c_str());
    if (!config.empty()) unlink(config.c_str());
    Check("aclInit", status);
    initialised_ = true;
    ++generation_;
    const char* active = aclrtGetSocName();
    soc_ = active != nullptr ? active : "";
    if (!soc.empty() && soc_ != soc) {
      throw std::invalid_argument("soc=\"" + soc + "\" was asked for, but ACLNN_HOST_SOC=" + soc_ +
                                  " pins this process's SoC (it wins over the per-call choice); unset it to choose "
                                  "the SoC per call");
    }
  }

  std::shared_mutex mutex_;
  bool initialised_ = false;
  std::string soc_;
  uint64_t generation_ = 0;
};

aclDataType AclDtype(const std::string& name) {
  if (name == "fp32") return ACL_FLOAT;
  if (name == "fp16") return ACL_FLOAT16;
  if (name == "bf16") return ACL_BF16;
  if (name == "int32") return ACL_INT32;
  if (name == "int8") return ACL_INT8;
  if (name == "uint8") return ACL_UINT8;
  if (name == "int64") return ACL_INT64;
  if (name == "int16") return ACL_INT16;
  throw std::invalid_argument("unknown dtype \"" + name +
                              "\"; the dtypes are fp32, fp16, bf16, int32, int16, int8, uint8 and int64");
}

size_t DtypeBytes(aclDataType dtype) { return aclDataTypeSize(dtype); }

// A numpy array as an aclTensor's view: shape, strides in elements (non-negative multiples of
// the item size: the package copies other arrays first) and the storage it spans from its data.
struct HostTensor {
  aclDataType dtype;
  void* data;
  std::vector<int64_t> shape, strides;
  int64_t storage_elements = 0;
  size_t bytes() const { return static_cast<size_t>(storage_elements) * DtypeBytes(dtype); }
};

HostTensor Describe(py::array& array, const std::string& dtype_name, const char* what) {
  HostTensor tensor;
  tensor.dtype = AclDtype(dtype_name);
  const auto item = static_cast<py::ssize_t>(DtypeBytes(tensor.dtype));
  if (array.itemsize() != item) {
    throw std::invalid_argument(std::string(what) + " has " + std::to_string(array.itemsize()) + "-byte items, not " +
                                dtype_name + "'s " + std::to_string(item));
  }
  // Inputs may be read-only (a broadcast view); only the in-place op writes, after the package
  // checked that its array is writeable.
  tensor.data = const_cast<void*>(array.data());
  bool empty = false;
  int64_t last = 0;
  for (py::ssize_t d = 0; d < array.ndim(); ++d) {
    const py::ssize_t stride = array.strides(d);
    if (stride < 0 || stride % item != 0) {
      throw std::invalid_argument(std::string(what) + ": strides must be non-negative multiples of the item size");
    }
    tensor.shape.push_back(array.shape(d));
    tensor.strides.push_back(stride / item);
    if (array.shape(d) == 0) empty = true;
    last += (array.shape(d) - 1) * (stride / item);
  }
  tensor.storage_elements = empty ? 0 : last + 1;
  return tensor;
}

constexpr uintptr_t kHostPage = 4096;  // aclrtHostRegister takes page-aligned ranges

// Bytes the calls of this thread copied between the arrays and device memory (for the tests that
// show a call runs in place).
thread_local uint64_t copied_bytes = 0;

// What one call holds: registrations of the arrays' storage, device copies where an array could
// not be registered, the tensors, the workspace. Released in reverse order whatever happens
// (aclrtHostUnregister and aclrtFree wait for queued work that uses their memory).
class Call {
 public:
  ~Call() {
    for (const aclScalar* scalar : scalars_) aclDestroyScalar(scalar);
    for (const aclTensor* tensor : tensors_) aclDestroyTensor(tensor);
    for (void* base : registered_) aclrtHostUnregister(base);
    for (void* buffer : buffers_) aclrtFree(buffer);
  }

  void* Malloc(size_t bytes) {
    void* buffer = nullptr;
    Check("aclrtMalloc", aclrtMalloc(&buffer, bytes == 0 ? 1 : bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    buffers_.push_back(buffer);
    return buffer;
  }

  // The device addresses of `hosts`' storage without copies: the page-aligned spans of their
  // storage, merged where they share a page, each registered (mapped) for the call. nullptr for
  // an array whose span cannot be registered: another thread's call has a page of it registered,
  // or the SoC or backend has no host registration. Empty arrays get nullptr too.
  std::vector<void*> MapInPlace(const std::vector<const HostTensor*>& hosts) {
    struct Span {
      uintptr_t begin, end;
      std::vector<size_t> members;
    };
    std::vector<Span> spans;
    for (size_t i = 0; i < hosts.size(); ++i) {
      if (hosts[i]->bytes() == 0) continue;
      const uintptr_t first = reinterpret_cast<uintptr_t>(hosts[i]->data);
      spans.push_back(Span{
          first / kHostPage * kHostPage, (first + hosts[i]->bytes() + kHostPage - 1) / kHostPage * kHostPage, {i}});
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
    std::vector<Span> merged;
    for (Span& span : spans) {
      if (!merged.empty() && span.begin < merged.back().end) {
        merged.back().end = std::max(merged.back().end, span.end);
        merged.back().members.insert(merged.back().members.end(), span.members.begin(), span.members.end());
      } else {
        merged.push_back(std::move(span));
      }
    }
    std::vector<void*> device(hosts.size(), nullptr);
    for (const Span& span : merged) {
      void* base = reinterpret_cast<void*>(span.begin);
      void* mapped = nullptr;
      if (aclrtHostRegisterV2(base, span.end - span.begin, ACL_HOST_REG_MAPPED) != ACL_SUCCESS) {
        aclGetRecentErrMsg();  // the refusal only means "copy this one": it leaves no error behind
        aclrtGetLastError(ACL_RT_THREAD_LEVEL);
        continue;
      }
      registered_.push_back(base);
      Check("aclrtHostGetDevicePointer", aclrtHostGetDevicePointer(base, &mapped, 0));
      for (size_t i : span.members) {
        device[i] = static_cast<char*>(mapped) + (reinterpret_cast<uintptr_t>(hosts[i]->data) - span.begin);
      }
    }
    return device;
  }

  aclTensor* Tensor(const HostTensor& host, void* device) {
    const int64_t storage = host.storage_elements;
    aclTensor* tensor = aclCreateTensor(host.shape.data(), host.shape.size(), host.dtype, host.strides.data(), 0,
                                        ACL_FORMAT_ND, &storage, 1, device);
    if (tensor == nullptr) Check("aclCreateTensor", ACLNN_ERR_PARAM_INVALID);
    tensors_.push_back(tensor);
    return tensor;
  }

  aclScalar* Scalar(double value, aclDataType dtype) {
    aclScalar* scalar = aclnn_host_cli::CreateScalarOf(value, dtype);
    if (scalar == nullptr) Check("aclCreateScalar", ACLNN_ERR_PARAM_INVALID);
    scalars_.push_back(scalar);
    return scalar;
  }

  void* Upload(const HostTensor& host) {
    void* device = Malloc(host.bytes());
    if (host.bytes() != 0) {
      Check("aclrtMemcpy", aclrtMemcpy(device, host.bytes(), host.data, host.bytes(), ACL_MEMCPY_HOST_TO_DEVICE));
      copied_bytes += host.bytes();
    }
    return device;
  }

 private:
  std::vector<const aclTensor*> tensors_;
  std::vector<const aclScalar*> scalars_;
  std::vector<void*> registered_;
  std::vector<void*> buffers_;
};

// Runs `op` on `inputs` (numpy arrays, in the table's input order) and writes the output into
// `out` (a fresh C-contiguous array of self's shape and the output dtype; unused in place).
// `scalars`: (value, dtype name) per scalar argument, in order; `flags`: the bool arguments.
void RunOp(const std::string& op_name, std::vector<py::array> inputs, const std::vector<std::string>& dtypes,
           py::object out, const std::string& out_dtype, const std::string& soc,
           const std::vector<std::pair<double, std::string>>& scalars, const std::vector<bool>& flags) {
  const OpInfo& op = aclnn_host_cli::FindOp(op_name);
  if (inputs.size() != op.inputs.size() || dtypes.size() != inputs.size()) {
    throw std::invalid_argument(std::string(op.name) + " takes " + std::to_string(op.inputs.size()) + " inputs");
  }
  // No soc: what a fresh process gets (ACLNN_HOST_SOC, else the default), so that a call's result
  // does not depend on an earlier call's choice.
  const std::string soc_name = soc.empty() ? std::string(aclnn_host_cli::ProfileFor("").name) : soc;
  aclnn_host_cli::CheckSocName(soc_name);
  std::vector<HostTensor> hosts;
  if (scalars.size() != op.scalars.size() || flags.size() != op.flags.size()) {
    throw std::invalid_argument(std::string(op.name) + " takes " + std::to_string(op.scalars.size()) + " scalars and " +
                                std::to_string(op.flags.size()) + " flags");
  }
  std::vector<aclDataType> scalar_dtypes;
  for (const auto& scalar : scalars) scalar_dtypes.push_back(aclnn_host_cli::ParseScalarDtype(scalar.second));
  for (size_t i = 0; i < inputs.size(); ++i) hosts.push_back(Describe(inputs[i], dtypes[i], op.inputs[i].c_str()));
  const bool inplace = op.in_place;
  HostTensor out_host{};
  if (!inplace) {
    py::array out_array = out.cast<py::array>();
    out_host = Describe(out_array, out_dtype, "out");
  }

  py::gil_scoped_release release;  // no Python object is touched from here on
  const Runtime::Hold hold = Runtime::Get().Acquire(soc_name);
  aclrtStream stream = Runtime::Get().ThreadStream();
  Call call;
  // In place where the storage can be registered, else through device copies.
  std::vector<const HostTensor*> arrays;
  for (const HostTensor& host : hosts) arrays.push_back(&host);
  if (!inplace) arrays.push_back(&out_host);
  std::vector<void*> devices = call.MapInPlace(arrays);
  std::vector<bool> mapped;
  for (void* device : devices) mapped.push_back(device != nullptr);
  std::vector<aclTensor*> tensors;
  for (size_t i = 0; i < hosts.size(); ++i) {
    if (devices[i] == nullptr) devices[i] = call.Upload(hosts[i]);
    tensors.push_back(call.Tensor(hosts[i], devices[i]));
  }
  aclTensor* out_tensor = nullptr;
  void* out_device = nullptr;
  if (!inplace) {
    out_device = devices.back() != nullptr ? devices.back() : call.Malloc(out_host.bytes());
    out_tensor = call.Tensor(out_host, out_device);
  }
  aclnnHostOpCall op_call{};
  for (size_t i = 0; i < tensors.size(); ++i) op_call.inputs[i] = tensors[i];
  op_call.output = out_tensor;
  for (size_t i = 0; i < scalars.size(); ++i) op_call.scalars[i] = call.Scalar(scalars[i].first, scalar_dtypes[i]);
  for (size_t i = 0; i < flags.size(); ++i) op_call.flags[i] = flags[i] ? 1 : 0;
  uint64_t workspace_size = 0;
  aclOpExecutor* executor = nullptr;
  const std::string first = std::string(op.aclnn_name) + "GetWorkspaceSize";
  Check(first.c_str(), aclnnHostOpGetWorkspaceSize(op.entry, &op_call, &workspace_size, &executor));
  void* workspace = workspace_size > 0 ? call.Malloc(workspace_size) : nullptr;
  Check(op.aclnn_name, aclnnHostOpRun(op.entry, workspace, workspace_size, executor, stream));
  Check("aclrtSynchronizeStream", aclrtSynchronizeStream(stream));
  // The result back, unless the kernel wrote it in place: the output's bytes, or (in place) self's
  // whole storage span, whose elements outside the view were uploaded and come back unchanged.
  const HostTensor& target = inplace ? hosts[0] : out_host;
  void* source = inplace ? devices[0] : out_device;
  if (target.bytes() != 0 && !(inplace ? mapped.front() : mapped.back())) {
    Check("aclrtMemcpy", aclrtMemcpy(target.data, target.bytes(), source, target.bytes(), ACL_MEMCPY_DEVICE_TO_HOST));
    copied_bytes += target.bytes();
  }
}

aclnn_host_tools::Dtype ToolsDtype(const std::string& name) {
  aclnn_host_tools::Dtype dtype;
  if (!aclnn_host_tools::ParseDtype(name, &dtype)) {
    throw std::invalid_argument("unknown dtype \"" + name + "\"; the dtypes are fp32, fp16 and bf16");
  }
  return dtype;
}

// actual and golden: C-contiguous arrays of their dtypes' item sizes.
py::dict Compare(py::array actual, const std::string& actual_dtype, py::array golden, const std::string& golden_dtype,
                 const std::string& standard_name) {
  aclnn_host_tools::Standard standard;
  if (!aclnn_host_tools::ParseStandard(standard_name, &standard)) {
    throw std::invalid_argument("unknown standard \"" + standard_name + "\"; the standards are " +
                                aclnn_host_tools::StandardNames());
  }
  const aclnn_host_tools::ArrayView a{ToolsDtype(actual_dtype), actual.data(), static_cast<size_t>(actual.size())};
  const aclnn_host_tools::ArrayView g{ToolsDtype(golden_dtype), golden.data(), static_cast<size_t>(golden.size())};
  for (const auto* view : {&a, &g}) {
    if (static_cast<size_t>((view == &a ? actual : golden).itemsize()) != aclnn_host_tools::DtypeSize(view->dtype)) {
      throw std::invalid_argument("the item size does not match the dtype");
    }
  }
  aclnn_host_tools::CompareReport report;
  {
    py::gil_scoped_release release;
    report = aclnn_host_tools::Compare(a, g, standard, a.dtype);
  }
  py::dict result;
  result["standard"] = aclnn_host_tools::StandardName(report.standard);
  result["dtype"] = aclnn_host_tools::DtypeName(report.dtype);
  result["elements"] = report.count;
  result["verdict"] = aclnn_host_tools::VerdictName(report.verdict);
  result["passed"] = report.passed();
  py::dict figures;
  for (const auto& figure : report.figures) figures[py::str(figure.name)] = figure.value;
  result["figures"] = figures;
  result["reasons"] = report.reasons;
  py::list histogram;
  for (const auto& bin : report.ulp_histogram) histogram.append(py::make_tuple(bin.label, bin.count));
  result["ulp_histogram"] = histogram;
  result["text"] = aclnn_host_tools::FormatReport(report);
  return result;
}

}  // namespace

PYBIND11_MODULE(_aclnn_host, m) {
  m.doc() = "aclnn-host's operators and CANN's precision standards (see the aclnn_host package)";
  static py::exception<AclnnFailure> error(m, "AclnnError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr pointer) {
    try {
      if (pointer) std::rethrow_exception(pointer);
    } catch (const AclnnFailure& failure) {
      std::string text = failure.api + " failed with status " + std::to_string(failure.status) +
                         (failure.message.empty() ? "" : ": " + failure.message);
      while (!text.empty() && text.back() == '\n') text.pop_back();  // CANN's envelope ends with one
      py::object instance = py::reinterpret_borrow<py::object>(error.ptr())(py::str(text));
      instance.attr("status") = failure.status;
      instance.attr("api") = failure.api;
      instance.attr("message") = failure.message;
      PyErr_SetObject(error.ptr(), instance.ptr());
    } catch (const aclnn_host_cli::CliError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  m.def(
      "ops",
      [] {
        py::list ops;
        for (const OpInfo& op : aclnn_host_cli::Ops()) {
          py::dict row;
          row["name"] = op.name;
          row["python_name"] = op.python_name;
          row["aclnn"] = op.aclnn_name;
          row["kernel"] = op.kernel_name;
          row["inputs"] = op.inputs;
          row["scalars"] = op.scalars;
          row["flags"] = op.flags;
          row["inplace"] = op.in_place;
          row["casts"] = op.output_casts;
          ops.append(row);
        }
        return ops;
      },
      "The operator table (the library's, aclnn_host/ops.h): one dict per operator.");
  m.def("run", &RunOp, py::arg("op"), py::arg("inputs"), py::arg("dtypes"), py::arg("out"), py::arg("out_dtype"),
        py::arg("soc"), py::arg("scalars"), py::arg("flags"));
  m.def(
      "copied_bytes", [] { return copied_bytes; },
      "Bytes this thread's calls have copied between arrays and device memory (0 while they run in place).");
  m.def("socs", &aclnn_host_cli::SocNames, "The SoC profiles, in table order.");
  m.def(
      "active_soc", [] { return Runtime::Get().soc(); }, "The SoC the runtime is initialised with, or \"\".");
  m.def(
      "tiling_json",
      [](const std::string& op, const std::string& shape, const std::string& dtype, const std::string& soc) {
        return aclnn_host_cli::TilingReport(op, shape, dtype, soc).dump();
      },
      py::arg("op"), py::arg("shape"), py::arg("dtype"), py::arg("soc"));
  m.def("kit_case_ok", &aclnn_host_cli::IsKitCaseName, py::arg("name"));
  m.def("kit_input_file", &aclnn_host_cli::KitInputFileName, py::arg("index"), py::arg("dtype"));
  m.def("kit_golden_file", &aclnn_host_cli::KitGoldenFileName, py::arg("dtype"), py::arg("shape"));
  m.def("compare", &Compare, py::arg("actual"), py::arg("actual_dtype"), py::arg("golden"), py::arg("golden_dtype"),
        py::arg("standard"));
}
