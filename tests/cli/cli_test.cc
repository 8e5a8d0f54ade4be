// The aclnn-host tool, driven as a user drives it: each subcommand, .npy round trips for every
// dtype, raw files, strided views, the tiling JSON against the internal tiling, and every error
// path (non-zero exit, a message, no output file left behind).
#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "ops/hardswish_grad_tiling.h"
#include "reference/hardswish_reference.h"
#include "runtime/soc_profile.h"

namespace {

struct Result {
  int code = -1;
  std::string out;
  std::string err;
};

std::string Slurp(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream buffer;
  buffer << file.rdbuf();
  return buffer.str();
}

bool Exists(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0;
}

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/aclnn-host-cli-test-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    const std::string command = "rm -rf '" + dir_ + "'";
    ASSERT_EQ(std::system(command.c_str()), 0);
  }

  std::string Path(const std::string& name) const { return dir_ + "/" + name; }

  // Runs the tool with `args` (shell words, already quoted where needed).
  Result Run(const std::string& args) const {
    const std::string out = Path("stdout.txt"), err = Path("stderr.txt");
    const std::string command = std::string(ACLNN_HOST_CLI) + " " + args + " >" + out + " 2>" + err;
    const int status = std::system(command.c_str());
    Result result;
    result.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = Slurp(out);
    result.err = Slurp(err);
    unlink(out.c_str());
    unlink(err.c_str());
    return result;
  }

  // Files in the test's folder (to catch leftover temporaries).
  std::vector<std::string> Files() const {
    std::vector<std::string> names;
    DIR* folder = opendir(dir_.c_str());
    while (dirent* entry = readdir(folder)) {
      const std::string name = entry->d_name;
      if (name != "." && name != "..") names.push_back(name);
    }
    closedir(folder);
    return names;
  }

  // A failing command: the exit code, a message on stderr, no output and no temporary left.
  void ExpectFailure(const std::string& args, int code, const std::string& message, const std::string& output) {
    const std::vector<std::string> before = Files();
    const Result result = Run(args);
    EXPECT_EQ(result.code, code) << args << "\n" << result.err;
    EXPECT_NE(result.err.find("aclnn-host: error: "), std::string::npos) << result.err;
    EXPECT_NE(result.err.find(message), std::string::npos) << "expected \"" << message << "\" in: " << result.err;
    EXPECT_FALSE(Exists(Path(output))) << args;
    EXPECT_EQ(Files().size(), before.size()) << "files left behind by: " << args;
  }

  std::string dir_;
};

// ---- a .npy writer and reader written for the test -------------------------------------------------

void WriteNpy(const std::string& path, const std::string& descr, const std::string& shape, const void* data,
              size_t bytes, bool fortran = false) {
  std::string header =
      "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::ofstream file(path, std::ios::binary);
  file.write("\x93NUMPY\x01\x00", 8);
  const char length[2] = {static_cast<char>(header.size() & 0xFF), static_cast<char>(header.size() >> 8)};
  file.write(length, 2);
  file << header;
  file.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
}

struct Npy {
  std::string header;
  std::string data;
};

Npy ReadNpy(const std::string& path) {
  const std::string file = Slurp(path);
  Npy npy;
  if (file.size() < 10 || file.compare(0, 6, "\x93NUMPY") != 0) return npy;
  const size_t length =
      static_cast<unsigned char>(file[8]) | (static_cast<size_t>(static_cast<unsigned char>(file[9])) << 8);
  npy.header = file.substr(10, length);
  npy.data = file.substr(10 + length);
  return npy;
}

void WriteRaw(const std::string& path, const void* data, size_t bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
}

template <typename T>
std::vector<T> AsVector(const std::string& bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

// Inputs around the interesting points of the family, as fp32.
std::vector<float> TestValues(size_t count, uint32_t seed) {
  const float specials[] = {0.0f, -0.0f, 3.0f, -3.0f, 1.0f, -1.5f, 2.9999998f, -2.9999998f, 6.0f, -6.0f, 1e-40f};
  std::vector<float> values(specials, specials + sizeof(specials) / sizeof(specials[0]));
  uint32_t state = seed;
  while (values.size() < count) {
    state = state * 1664525u + 1013904223u;
    values.push_back(static_cast<float>(state >> 8) / 16777216.0f * 12.0f - 6.0f);
  }
  values.resize(count);
  return values;
}

reference::Format FormatOf(const std::string& dtype) {
  return dtype == "fp32"   ? reference::Format::kFp32
         : dtype == "fp16" ? reference::Format::kFp16
                           : reference::Format::kBf16;
}

// The raw storage of `values` in a format, and its .npy descr.
std::string Encode(const std::vector<float>& values, reference::Format format) {
  std::string bytes;
  for (float v : values) {
    if (format == reference::Format::kFp32) {
      bytes.append(reinterpret_cast<const char*>(&v), 4);
    } else {
      const uint16_t h = format == reference::Format::kFp16 ? reference::FloatToHalf(v) : reference::FloatToBf16(v);
      bytes.append(reinterpret_cast<const char*>(&h), 2);
    }
  }
  return bytes;
}

uint32_t RawAt(const std::string& bytes, size_t i, reference::Format format) {
  if (format == reference::Format::kFp32) {
    uint32_t u;
    std::memcpy(&u, &bytes[i * 4], 4);
    return u;
  }
  uint16_t h;
  std::memcpy(&h, &bytes[i * 2], 2);
  return h;
}

const reference::Numerics kA2;  // Ascend910B3: INF_NAN, no flush

// ---- subcommands ----------------------------------------------------------------------------------------

TEST_F(CliTest, RunPrintsTheSeedExample) {
  const float x[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  WriteNpy(Path("x.npy"), "<f4", "(4, 2)", x, sizeof(x));
  Result result = Run("run hardswish_backward_v2 --input grad_output=" + Path("x.npy") +
                      " --input self=" + Path("x.npy") + " --output " + Path("out.npy") + " --print");
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "0.000000 0.833333 2.333333 3.000000 4.000000 5.000000 6.000000 7.000000\n");
  // The aclnn name works too, and V1 gives 4.5 at x = 3.
  result = Run("run aclnnHardswishBackward -i gradOutput=" + Path("x.npy") + " -i self=" + Path("x.npy") + " -o " +
               Path("v1.npy") + " --print");
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "0.000000 0.833333 2.333333 4.500000 4.000000 5.000000 6.000000 7.000000\n");
  // Repeatable options take one value each, so the operator may come after them.
  result = Run("run -i self=" + Path("x.npy") + " --shape 8 hardswish -o " + Path("f.npy") + " --print");
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "0.000000 0.666667 1.666667 3.000000 4.000000 5.000000 6.000000 7.000000\n");
}

class CliDtypeTest : public CliTest, public ::testing::WithParamInterface<const char*> {};

TEST_P(CliDtypeTest, NpyRoundTripMatchesTheReference) {
  const std::string dtype = GetParam();
  const reference::Format format = FormatOf(dtype);
  const char* descr = format == reference::Format::kFp32 ? "<f4" : format == reference::Format::kFp16 ? "<f2" : "<u2";
  const std::vector<float> g = TestValues(300, 1), x = TestValues(300, 2);
  const std::string g_bytes = Encode(g, format), x_bytes = Encode(x, format);
  WriteNpy(Path("g.npy"), descr, "(3, 100)", g_bytes.data(), g_bytes.size());
  WriteNpy(Path("x.npy"), descr, "(3, 100)", x_bytes.data(), x_bytes.size());
  const Result result = Run("run hardswish_backward_v2 -i grad_output=" + Path("g.npy") + " -i self=" + Path("x.npy") +
                            " -o " + Path("out.npy") + " --dtype " + dtype);
  ASSERT_EQ(result.code, 0) << result.err;
  const Npy out = ReadNpy(Path("out.npy"));
  EXPECT_NE(out.header.find(std::string("'descr': '") + descr + "'"), std::string::npos) << out.header;
  EXPECT_NE(out.header.find("'shape': (3, 100)"), std::string::npos) << out.header;
  EXPECT_EQ(out.header.back(), '\n');
  EXPECT_EQ((10 + out.header.size()) % 64, 0u);
  ASSERT_EQ(out.data.size(), x_bytes.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const uint32_t expected = reference::HardswishGradElement(RawAt(g_bytes, i, format), RawAt(x_bytes, i, format),
                                                              format, /*v1=*/false, kA2);
    ASSERT_TRUE(reference::SameResult(RawAt(out.data, i, format), expected, format)) << dtype << " element " << i;
  }
}

TEST_F(CliTest, Fp16BitPatternsInAUint16Npy) {
  const std::vector<float> x = TestValues(16, 8);
  const std::string bytes = Encode(x, reference::Format::kFp16);
  WriteNpy(Path("x.npy"), "<u2", "(16,)", bytes.data(), bytes.size());
  const Result result = Run("run hardswish -i self=" + Path("x.npy") + " --dtype fp16 -o " + Path("y.npy"));
  ASSERT_EQ(result.code, 0) << result.err;
  const Npy out = ReadNpy(Path("y.npy"));
  EXPECT_NE(out.header.find("'<f2'"), std::string::npos);
  for (size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(RawAt(out.data, i, reference::Format::kFp16),
              reference::HardswishTbeElement(RawAt(bytes, i, reference::Format::kFp16), reference::Format::kFp16,
                                             reference::Format::kFp16, kA2));
  }
}

INSTANTIATE_TEST_SUITE_P(Dtypes, CliDtypeTest, ::testing::Values("fp32", "fp16", "bf16"));

TEST_F(CliTest, RawBinInputsAndOutput) {
  const std::vector<float> x = TestValues(24, 3);
  const std::string bytes = Encode(x, reference::Format::kFp16);
  WriteRaw(Path("x.bin"), bytes.data(), bytes.size());
  const Result result =
      Run("run hardswish -i self=" + Path("x.bin") + " --shape 2,3,4 --dtype fp16 -o " + Path("y.bin"));
  ASSERT_EQ(result.code, 0) << result.err;
  const std::string out = Slurp(Path("y.bin"));
  ASSERT_EQ(out.size(), bytes.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const uint32_t expected = reference::HardswishTbeElement(RawAt(bytes, i, reference::Format::kFp16),
                                                             reference::Format::kFp16, reference::Format::kFp16, kA2);
    EXPECT_EQ(RawAt(out, i, reference::Format::kFp16), expected) << i;
  }
}

TEST_F(CliTest, StridedAndOffsetInputs) {
  // self: storage 3 x 4 read as its transpose (4 x 3, strides 1, 4); grad_output contiguous 4 x 3.
  const std::vector<float> storage = TestValues(12, 4), g = TestValues(12, 5);
  WriteNpy(Path("x.npy"), "<f4", "(3, 4)", storage.data(), 48);
  WriteNpy(Path("g.npy"), "<f4", "(4, 3)", g.data(), 48);
  Result result = Run("run hardswish_backward_v2 -i g=" + Path("g.npy") + " -i self=" + Path("x.npy") +
                      " --shape self=4,3 --stride self=1,4 -o " + Path("out.npy"));
  ASSERT_EQ(result.code, 0) << result.err;
  std::vector<float> out = AsVector<float>(ReadNpy(Path("out.npy")).data);
  ASSERT_EQ(out.size(), 12u);
  for (size_t i = 0; i < 4; ++i) {
    for (size_t j = 0; j < 3; ++j) {
      const float x = storage[j * 4 + i];
      const uint32_t expected = reference::HardswishGradElement(reference::Bits(g[i * 3 + j]), reference::Bits(x),
                                                                reference::Format::kFp32, false, kA2);
      EXPECT_EQ(reference::Bits(out[i * 3 + j]), expected) << i << "," << j;
    }
  }
  // A raw file read every other element from element 1, in place.
  const std::vector<float> raw = TestValues(9, 6);
  WriteRaw(Path("x.bin"), raw.data(), raw.size() * 4);
  result = Run("run inplace_hardswish -i self=" + Path("x.bin") + " --dtype fp32 --shape 4 --stride 2 --offset 1 -o " +
               Path("y.npy"));
  ASSERT_EQ(result.code, 0) << result.err;
  out = AsVector<float>(ReadNpy(Path("y.npy")).data);
  ASSERT_EQ(out.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    const uint32_t expected = reference::HardswishElement(reference::Bits(raw[1 + 2 * i]), reference::Format::kFp32,
                                                          reference::Format::kFp32, kA2);
    EXPECT_EQ(reference::Bits(out[i]), expected) << i;
  }
}

TEST_F(CliTest, FortranOrderNpyIsReadAsItsView) {
  const float data[6] = {0, 1, 2, 3, 4, 5};  // column-major 2 x 3: [[0, 2, 4], [1, 3, 5]]
  WriteNpy(Path("x.npy"), "<f4", "(2, 3)", data, sizeof(data), /*fortran=*/true);
  const Result result = Run("run hardswish -i self=" + Path("x.npy") + " -o " + Path("y.npy") + " --print");
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "0.000000 1.666667 4.000000 0.666667 3.000000 5.000000\n");
}

TEST_F(CliTest, ForwardCastsToOutDtypeAndSocIsHonoured) {
  const std::vector<float> x = TestValues(64, 7);
  WriteNpy(Path("x.npy"), "<f4", "(64,)", x.data(), x.size() * 4);
  Result result =
      Run("run hardswish -i self=" + Path("x.npy") + " --out-dtype fp16 --soc Ascend910A -o " + Path("y.npy"));
  ASSERT_EQ(result.code, 0) << result.err;
  const Npy out = ReadNpy(Path("y.npy"));
  EXPECT_NE(out.header.find("'<f2'"), std::string::npos);
  reference::Numerics a1;
  a1.saturate = true;
  for (size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(
        RawAt(out.data, i, reference::Format::kFp16),
        reference::HardswishElement(reference::Bits(x[i]), reference::Format::kFp32, reference::Format::kFp16, a1));
  }
}

TEST_F(CliTest, InfoReportsVersionSocsIsaAndThreads) {
  Result result = Run("info");
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out.find("aclnn-host 0."), std::string::npos);
  EXPECT_NE(result.out.find("Ascend950PR"), std::string::npos);
  EXPECT_NE(result.out.find("ISA"), std::string::npos);
  result = Run("info --json");
  ASSERT_EQ(result.code, 0) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  size_t count = 0;
  aclnn_host::SocProfiles(&count);
  EXPECT_EQ(json["soc_profiles"].size(), count);
  EXPECT_TRUE(json["isa"]["active"].is_string());
  EXPECT_FALSE(json["isa"]["supported"].empty());
  EXPECT_GE(json["threads"].get<int>(), 1);
  // The settings in effect: the ISA cap, the thread count and the SoC come from the environment.
  setenv("ACLNN_HOST_MAX_ISA", "baseline", 1);
  setenv("ACLNN_HOST_NUM_THREADS", "3", 1);
  setenv("ACLNN_HOST_SOC", "Ascend950PR", 1);
  result = Run("info --json");
  unsetenv("ACLNN_HOST_MAX_ISA");
  unsetenv("ACLNN_HOST_NUM_THREADS");
  unsetenv("ACLNN_HOST_SOC");
  ASSERT_EQ(result.code, 0) << result.err;
  const nlohmann::json capped = nlohmann::json::parse(result.out);
  EXPECT_EQ(capped["isa"]["active"], "baseline");
  EXPECT_EQ(capped["threads"], 3);
  EXPECT_EQ(capped["soc"], "Ascend950PR");
}

TEST_F(CliTest, BenchTimesCalls) {
  const Result result = Run("bench hardswish_backward_v2 --shape 64,64 --dtype fp16 -n 5 --warmup 1 --json");
  ASSERT_EQ(result.code, 0) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["iterations"], 5);
  EXPECT_GT(json["median_s"].get<double>(), 0.0);
  EXPECT_GT(json["gb_per_s"].get<double>(), 0.0);
  EXPECT_EQ(json["bytes_moved"].get<double>(), 3.0 * 64 * 64 * 2);
  const Result text = Run("bench hardswish --shape 1000 -n 3");
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("GB/s"), std::string::npos);
}

// ---- tiling --------------------------------------------------------------------------------------------

struct TilingCase {
  const char* op;
  std::vector<int64_t> shape;
  const char* dtype;
  const char* soc;
};

TEST_F(CliTest, TilingJsonMatchesTheInternalTiling) {
  const TilingCase cases[] = {
      {"hardswish_backward_v2", {2, 4}, "fp32", "Ascend910B3"},
      {"hardswish_backward_v2", {1024, 1024}, "fp32", "Ascend910B3"},
      {"hardswish_backward", {4096, 4096}, "fp16", "Ascend910B1"},
      {"hardswish_backward_v2", {1000, 77}, "fp16", "Ascend910A"},
      {"hardswish_backward_v2", {64, 32}, "bf16", "Ascend950PR"},
      {"hardswish_backward_v2", {2, 0, 4}, "fp32", "Ascend950PR"},
      {"hardswish", {1024, 128}, "fp32", "Ascend950DT"},
      {"hardswish", {7, 13}, "bf16", "Ascend950PR"},
      {"hardswish_backward", {300}, "fp32", "Ascend950PR"},
      {"inplace_hardswish", {3, 5, 7, 6}, "bf16", "Ascend910_9391"},
  };
  for (const TilingCase& c : cases) {
    std::string shape;
    aclnn_host::Dims dims;
    for (int64_t d : c.shape) {
      shape += (shape.empty() ? "" : ",") + std::to_string(d);
      dims.PushBack(d);
    }
    const Result result = Run(std::string("tiling ") + c.op + " --shape " + shape + " --dtype " + c.dtype + " --soc " +
                              c.soc + " --json");
    ASSERT_EQ(result.code, 0) << result.err;
    const nlohmann::ordered_json json = nlohmann::ordered_json::parse(result.out);  // keeps the field order
    const aclnn_host::SocProfile& profile = *aclnn_host::FindSocProfile(c.soc);
    const aclDataType dtype = std::string(c.dtype) == "fp32"   ? ACL_FLOAT
                              : std::string(c.dtype) == "fp16" ? ACL_FLOAT16
                                                               : ACL_BF16;
    aclnn_host::OpTiling tiling;
    if (std::string(c.op).find("backward") != std::string::npos) {
      std::string error;
      ASSERT_TRUE(aclnn_host::ComputeHardswishGradTiling(dims, dims, dtype, profile, &tiling, &error)) << error;
    } else {
      int64_t count = 1;
      for (int64_t d : c.shape) count *= d;
      tiling = profile.tiling_arch == aclnn_host::TilingArch::kArch35
                   ? aclnn_host::HardswishTilingArch35(count, dtype, profile)
                   : aclnn_host::ElementwiseTiling(count, aclDataTypeSize(dtype), profile);
    }
    SCOPED_TRACE(result.out);
    // Published: V2 everywhere, every op on Ascend 950 (AscendC); not the TBE kernels' tilings.
    const bool published =
        std::string(c.op) == "hardswish_backward_v2" || std::string(c.soc).rfind("Ascend950", 0) == 0;
    EXPECT_EQ(json["published"].get<bool>(), published);
    EXPECT_EQ(json["soc"], c.soc);
    EXPECT_EQ(json["block_dim"].get<uint32_t>(), tiling.block_dim);
    // The workspace phase one asks for: the AscendC kernel's library workspace; none for TBE kernels.
    EXPECT_EQ(json["workspace"].get<uint64_t>(), published ? tiling.workspace : 0);
    EXPECT_EQ(json["chunk"].get<int64_t>(), tiling.split.chunk);
    EXPECT_EQ(json["tiling_key"].is_null(), !tiling.has_tiling_key);
    ASSERT_EQ(json["tiling_data"].size(), tiling.field_count);
    size_t i = 0;
    for (auto it = json["tiling_data"].begin(); it != json["tiling_data"].end(); ++it, ++i) {
      EXPECT_EQ(it.key(), tiling.fields[i].name);  // in the tiling struct's field order
      EXPECT_EQ(it.value().get<int64_t>(), tiling.fields[i].value);
    }
    ASSERT_EQ(json["cores"].size(), tiling.split.cores.size());
    for (size_t core = 0; core < tiling.split.cores.size(); ++core) {
      EXPECT_EQ(json["cores"][core]["begin"].get<int64_t>(), tiling.split.cores[core].begin);
      EXPECT_EQ(json["cores"][core]["end"].get<int64_t>(), tiling.split.cores[core].end);
    }
  }
}

TEST_F(CliTest, TilingTextShowsUpstreamsFigures) {
  Result result = Run("tiling hardswish_backward_v2 --shape 1024,1024 --soc Ascend910B3");
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out.find("block dim    40"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("elementNumEachCore=4864"), std::string::npos) << result.out;
  result = Run("tiling hardswish_backward_v2 --shape 8,8 --soc Ascend950PR");
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out.find("blockFactor=3"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("ubFactor=52416"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("block dim    22"), std::string::npos) << result.out;
}

// ---- error paths ----------------------------------------------------------------------------------------

TEST_F(CliTest, UsageErrors) {
  const float x[4] = {0, 1, 2, 3};
  WriteNpy(Path("x.npy"), "<f4", "(4,)", x, sizeof(x));
  const std::string in = " -i self=" + Path("x.npy") + " -o " + Path("out.npy");
  ExpectFailure("hardswish" + in, 2, "unknown subcommand \"hardswish\"", "out.npy");
  ExpectFailure("run hardswish_forward" + in, 2, "unknown operator", "out.npy");
  ExpectFailure("run hardswish" + in + " --dtype fp64", 2, "unknown dtype", "out.npy");
  ExpectFailure("run hardswish" + in + " --soc Ascend999", 2, "unknown SoC", "out.npy");
  ExpectFailure("run hardswish" + in + " -i grad_output=" + Path("x.npy"), 2, "not an input of hardswish", "out.npy");
  ExpectFailure("run hardswish_backward_v2" + in, 2, "needs --input grad_output", "out.npy");
  ExpectFailure("run hardswish" + in + " --stride 1,2", 2, "--stride for self has 2 values", "out.npy");
  ExpectFailure("run hardswish" + in + " --shape 2,x3", 2, "malformed --shape", "out.npy");
  ExpectFailure("tiling hardswish --shape 4 --dtype bf16 --soc Ascend910A", 2, "does not take bf16", "out.npy");
  ExpectFailure("tiling hardswish_backward_v2 --shape 1,1,1,1,1,1,1,1,1", 2, "more than 8 dims", "out.npy");
  // CLI11's own errors (a missing option) exit 2 as well.
  const Result missing = Run("run hardswish -i self=" + Path("x.npy"));
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("--output is required"), std::string::npos) << missing.err;
}

TEST_F(CliTest, MalformedInputFiles) {
  const float x[4] = {0, 1, 2, 3};
  const std::string run = "run hardswish -o " + Path("out.npy") + " -i self=";
  WriteRaw(Path("magic.npy"), "NUMPY\x01\x00", 7);
  ExpectFailure(run + Path("magic.npy"), 3, "not a .npy file", "out.npy");
  WriteRaw(Path("short.npy"), "\x93NUMPY\x01\x00\xff\x00{'descr'", 18);
  ExpectFailure(run + Path("short.npy"), 3, "runs past the end", "out.npy");
  WriteNpy(Path("nokey.npy"), "<f4", "(4,)", x, sizeof(x));
  {
    std::string text = Slurp(Path("nokey.npy"));
    text.replace(text.find("'fortran_order'"), 15, "'fortran_ordr' ");
    WriteRaw(Path("nokey.npy"), text.data(), text.size());
  }
  ExpectFailure(run + Path("nokey.npy"), 3, "unknown key 'fortran_ordr'", "out.npy");
  WriteNpy(Path("badshape.npy"), "<f4", "(4, -1)", x, sizeof(x));
  ExpectFailure(run + Path("badshape.npy"), 3, "'shape' is not a tuple", "out.npy");
  WriteNpy(Path("size.npy"), "<f4", "(5,)", x, sizeof(x));
  ExpectFailure(run + Path("size.npy"), 3, "holds 16 bytes, but its header promises 5 elements", "out.npy");
  WriteNpy(Path("f8.npy"), "<f8", "(2,)", x, sizeof(x));
  ExpectFailure(run + Path("f8.npy"), 3, "has dtype '<f8'", "out.npy");
  WriteNpy(Path("be.npy"), ">f4", "(4,)", x, sizeof(x));
  ExpectFailure(run + Path("be.npy"), 3, "big-endian", "out.npy");
  WriteNpy(Path("u2.npy"), "<u2", "(8,)", x, sizeof(x));
  ExpectFailure(run + Path("u2.npy"), 3, "needs --dtype bf16", "out.npy");
  ExpectFailure(run + Path("x.npy") + " --dtype fp16", 3, "cannot open", "out.npy");
  WriteNpy(Path("x.npy"), "<f4", "(4,)", x, sizeof(x));
  ExpectFailure(run + Path("x.npy") + " --dtype fp16", 3, "not the float16 that --dtype asks for", "out.npy");
  ExpectFailure(run + Path("x.npy") + " --shape 5", 3, "holds 4 elements, but the shape [5] has 5", "out.npy");
  WriteRaw(Path("x.bin"), x, 10);
  ExpectFailure(run + Path("x.bin") + " --dtype fp32 --shape 2", 3, "not a whole number", "out.npy");
  WriteRaw(Path("y.bin"), x, 12);
  ExpectFailure(run + Path("y.bin") + " --dtype fp32 --shape 2,2", 3, "holds 3 elements", "out.npy");
  ExpectFailure(run + Path("y.bin") + " --shape 3", 2, "give its --dtype", "out.npy");
}

TEST_F(CliTest, LibraryErrorsCarryTheRecentErrorMessage) {
  const float x[6] = {0, 1, 2, 3, 4, 5};
  WriteNpy(Path("a.npy"), "<f4", "(2, 3)", x, sizeof(x));
  WriteNpy(Path("b.npy"), "<f4", "(3, 2)", x, sizeof(x));
  const std::string out = " -o " + Path("out.npy");
  ExpectFailure("run hardswish_backward_v2 -i g=" + Path("a.npy") + " -i self=" + Path("b.npy") + out, 4,
                "161002: [PID: ", "out.npy");
  uint16_t bf[6] = {0x3f80, 0x4000, 0, 0, 0, 0};
  WriteNpy(Path("bf.npy"), "<u2", "(6,)", bf, sizeof(bf));
  ExpectFailure("run hardswish -i self=" + Path("bf.npy") + " --dtype bf16 --soc Ascend910A" + out, 4, "DT_BF16",
                "out.npy");
  ExpectFailure(
      "run hardswish_backward_v2 -i g=" + Path("a.npy") + " -i self=" + Path("a.npy") + " --soc Ascend310P3" + out, 4,
      "561103", "out.npy");
  // A view that leaves its storage.
  ExpectFailure("run hardswish -i self=" + Path("a.npy") + " --shape 4 --stride 2" + out, 4, "aclnnHardswish",
                "out.npy");
}

TEST_F(CliTest, FailedRunLeavesAnExistingOutputUntouched) {
  const float x[4] = {0, 1, 2, 3};
  WriteNpy(Path("x.npy"), "<f4", "(4,)", x, sizeof(x));
  WriteRaw(Path("out.npy"), "keep", 4);
  const Result result = Run("run hardswish_backward_v2 -i g=" + Path("x.npy") + " -i self=" + Path("x.npy") +
                            " --dtype bf16 -o " + Path("out.npy"));
  EXPECT_EQ(result.code, 3);
  EXPECT_EQ(Slurp(Path("out.npy")), "keep");
  // An output that cannot be written: exit 5, nothing created.
  ExpectFailure("run hardswish -i self=" + Path("x.npy") + " -o " + Path("missing/out.npy"), 5, "cannot",
                "missing/out.npy");
}

// ---- compare (tools/compare.h; the verdicts themselves are compare_test's) -------------------------

TEST_F(CliTest, CompareExitsZeroOnAPassAndOneOtherwise) {
  const float golden[4] = {0.5f, 1.0f, 2.0f, 3.0f};
  float actual[4] = {0.5f, 1.0f, 2.0f, 3.0f};
  WriteNpy(Path("g.npy"), "<f4", "(2, 2)", golden, sizeof(golden));
  WriteNpy(Path("same.npy"), "<f4", "(2, 2)", actual, sizeof(actual));
  actual[3] = std::nextafter(3.0f, 4.0f);
  WriteNpy(Path("ulp.npy"), "<f4", "(2, 2)", actual, sizeof(actual));
  const Result same = Run("compare " + Path("same.npy") + " " + Path("g.npy") + " --standard bit_exact");
  EXPECT_EQ(same.code, 0) << same.err;
  EXPECT_NE(same.out.find("bit_exact (float32 thresholds), 4 elements: PASS"), std::string::npos) << same.out;
  const Result ulp = Run("compare " + Path("ulp.npy") + " " + Path("g.npy") + " --standard bit_exact");
  EXPECT_EQ(ulp.code, 1);
  EXPECT_NE(ulp.out.find("FAIL: 1 of 4 elements differ in their bits"), std::string::npos) << ulp.out;
  // One ULP is well within the mixed tolerance.
  const Result mixed = Run("compare " + Path("ulp.npy") + " " + Path("g.npy") + " --standard mixed --json");
  EXPECT_EQ(mixed.code, 0) << mixed.err;
  const auto json = nlohmann::json::parse(mixed.out);
  EXPECT_EQ(json["verdict"], "PASS");
  EXPECT_EQ(json["figures"]["matched_ratio"], 1.0);
  EXPECT_EQ(json["figures"]["max_abs_error"], std::nextafter(3.0f, 4.0f) - 3.0f);
}

TEST_F(CliTest, CompareBf16BitPatternsAgainstAnFp32Golden) {
  // bf16 actual as uint16 bit patterns (1 + 2^-6 twice) against fp32 goldens 1.0: stat_rel_err
  // with the bf16 threshold T = 2^-7 fails on MERE (~ 2 T); MARE (~ 2 T) is below 10 T.
  const uint16_t actual[2] = {0x3F82, 0x3F82};
  const float golden[2] = {1.0f, 1.0f};
  WriteNpy(Path("a.npy"), "<u2", "(2,)", actual, sizeof(actual));
  WriteNpy(Path("g.npy"), "<f4", "(2,)", golden, sizeof(golden));
  const Result result = Run("compare " + Path("a.npy") + " " + Path("g.npy") + " --standard stat_rel_err --dtype bf16");
  EXPECT_EQ(result.code, 1) << result.err;
  EXPECT_NE(result.out.find("stat_rel_err (bfloat16 thresholds)"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("MERE"), std::string::npos) << result.out;
}

TEST_F(CliTest, CompareUsageAndInputErrors) {
  const float x[2] = {1, 2};
  WriteNpy(Path("x.npy"), "<f4", "(2,)", x, sizeof(x));
  WriteNpy(Path("y.npy"), "<f4", "(1, 2)", x, sizeof(x));
  const std::string pair = "compare " + Path("x.npy") + " " + Path("x.npy");
  ExpectFailure(pair + " --standard allclose", 2, "unknown standard \"allclose\"", "none");
  ExpectFailure(pair + " --standard mixed --dtype fp64", 2, "unknown --dtype", "none");
  ExpectFailure(pair + " --standard mixed --dtype fp16", 3, "not the float16 that --dtype asks for", "none");
  ExpectFailure("compare " + Path("x.npy") + " " + Path("y.npy") + " --standard mixed", 3,
                "shape [2] differs from the golden's [1, 2]", "none");
  WriteRaw(Path("x.bin"), x, sizeof(x));
  ExpectFailure("compare " + Path("x.bin") + " " + Path("x.npy") + " --standard mixed", 2, "is a raw file", "none");
  const Result raw = Run("compare " + Path("x.bin") + " " + Path("x.npy") + " --standard bit_exact --dtype fp32");
  EXPECT_EQ(raw.code, 0) << raw.err;
}

// ---- golden: ops-test-kit's manual-data layout -----------------------------------------------------

TEST_F(CliTest, GoldenWritesTheKitsManualDataLayout) {
  const float x[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  WriteNpy(Path("x.npy"), "<f4", "(4, 2)", x, sizeof(x));
  const Result result = Run("golden hardswish_backward_v2 -i g=" + Path("x.npy") + " -i self=" + Path("x.npy") +
                            " --dir " + Path("kit") + " --case seed_fp32");
  ASSERT_EQ(result.code, 0) << result.err;
  const std::string folder = Path("kit/seed_fp32/");
  EXPECT_EQ(Slurp(folder + "input_0_float32.bin"), std::string(reinterpret_cast<const char*>(x), sizeof(x)));
  EXPECT_EQ(Slurp(folder + "input_1_float32.bin"), std::string(reinterpret_cast<const char*>(x), sizeof(x)));
  const auto golden = AsVector<float>(Slurp(folder + "golden_0_float32__shape_4x2.bin"));
  ASSERT_EQ(golden.size(), 8u);
  EXPECT_FLOAT_EQ(golden[1], 0.8333334f);
  EXPECT_FLOAT_EQ(golden[2], 2.3333335f);
  EXPECT_EQ(golden[7], 7.0f);
  // bf16 and a scalar: the numpy dtype name and the "scalar" shape token.
  const uint16_t one = 0x3F80;
  WriteNpy(Path("s.npy"), "<u2", "()", &one, sizeof(one));
  const Result scalar =
      Run("golden hardswish -i self=" + Path("s.npy") + " --dtype bf16 --dir " + Path("kit") + " --case scalar_bf16");
  ASSERT_EQ(scalar.code, 0) << scalar.err;
  EXPECT_TRUE(Exists(Path("kit/scalar_bf16/input_0_bfloat16.bin")));
  EXPECT_TRUE(Exists(Path("kit/scalar_bf16/golden_0_bfloat16__shape_scalar.bin")));
  ExpectFailure("golden hardswish -i self=" + Path("x.npy") + " --dir " + Path("kit") + " --case a/b", 2,
                "must be 1 to 120 characters", "kit/a");
}

}  // namespace

// --scalar and --flag name the row's scalars and flags (the table's snake_case names); anything
// else is a usage error that names the op, and nothing is written.
TEST_F(CliTest, ScalarsAndFlagsTheOpDoesNotTakeAreUsageErrors) {
  const float x[4] = {-4.0f, -1.0f, 1.0f, 4.0f};
  WriteNpy(Path("x.npy"), "<f4", "(4,)", x, sizeof(x));
  Result result = Run("run hardswish -i self=" + Path("x.npy") + " -o " + Path("y.npy") + " --scalar alpha=1");
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("--scalar \"alpha=1\": hardswish's scalars are none"), std::string::npos) << result.err;
  result = Run("run hardswish -i self=" + Path("x.npy") + " -o " + Path("y.npy") + " --flag self_is_result");
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("--flag \"self_is_result\" is not a flag of hardswish"), std::string::npos) << result.err;
  EXPECT_FALSE(Exists(Path("y.npy")));
}
