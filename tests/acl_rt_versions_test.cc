// aclsysGetVersionStr, aclsysGetVersionNum and aclsysGetCANNVersion: the version files of the
// packages under ASCEND_HOME_PATH, read with CANN's paths, fallbacks, arithmetic and statuses
// (hicann/runtime src/acl/aclrt_impl/acl.cpp at 681ef761).
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "acl/acl.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;
namespace fs = std::filesystem;

// A scratch ASCEND_HOME_PATH, removed (and the variable restored) at the end of the test.
class ScratchHome {
 public:
  ScratchHome() {
    char pattern[] = "/tmp/aclnn_host_versions_XXXXXX";
    root_ = mkdtemp(pattern);
    const char* old = std::getenv("ASCEND_HOME_PATH");
    had_old_ = old != nullptr;
    if (had_old_) old_ = old;
    setenv("ASCEND_HOME_PATH", root_.c_str(), 1);
  }
  ~ScratchHome() {
    if (had_old_) {
      setenv("ASCEND_HOME_PATH", old_.c_str(), 1);
    } else {
      unsetenv("ASCEND_HOME_PATH");
    }
    fs::remove_all(root_);
  }
  void Write(const std::string& package, const std::string& contents) const {
    const fs::path folder = fs::path(root_) / "share/info" / package;
    fs::create_directories(folder);
    std::ofstream(folder / "version.info") << contents;
  }

 private:
  std::string root_, old_;
  bool had_old_ = false;
};

std::string VersionString(const char* package, aclError* status) {
  char text[ACL_PKG_VERSION_MAX_SIZE];
  std::memset(text, 'x', sizeof(text));
  std::string name = package;
  *status = aclsysGetVersionStr(name.data(), text);
  return *status == ACL_SUCCESS ? std::string(text) : std::string();
}

TEST(AclVersions, TheBuildTreeHoldsTheVersionsOfTheUpstreamSourcesFollowed) {
  ASSERT_EQ(setenv("ASCEND_HOME_PATH", ACLNN_HOST_BUILD_DIR, 1), 0);
  aclError status = ACL_SUCCESS;
  EXPECT_EQ(VersionString("runtime", &status), "9.1.0");
  EXPECT_EQ(VersionString("ops-nn", &status), "9.1.0");
  EXPECT_EQ(VersionString("ops_nn", &status), "9.1.0");  // '_' falls back to '-'
  EXPECT_EQ(VersionString("opbase", &status), "9.0.0");
  char runtime[] = "runtime";
  int32_t number = 0;
  ASSERT_TRUE(Succeeds(aclsysGetVersionNum(runtime, &number)));
  EXPECT_EQ(number, 90100000);
  aclCANNPackageVersion version;
  ASSERT_TRUE(Succeeds(aclsysGetCANNVersion(ACL_PKG_NAME_CANN, &version)));
  EXPECT_STREQ(version.version, "9.1.0");
  EXPECT_STREQ(version.majorVersion, "9");
  EXPECT_STREQ(version.minorVersion, "1");
  EXPECT_STREQ(version.releaseVersion, "0");
  EXPECT_STREQ(version.patchVersion, "0");
  unsetenv("ASCEND_HOME_PATH");
}

TEST(AclVersions, NullArgumentsAreRefusedBeforeAnyFileIsRead) {
  char name[] = "runtime";
  char text[ACL_PKG_VERSION_MAX_SIZE];
  int32_t number = 0;
  EXPECT_TRUE(
      FailsWith(aclsysGetVersionStr(name, nullptr), ACL_ERROR_INVALID_PARAM, "aclsysGetVersionStr", {"versionStr"}));
  EXPECT_TRUE(
      FailsWith(aclsysGetVersionStr(nullptr, text), ACL_ERROR_INVALID_PARAM, "aclsysGetVersionStr", {"pkgName"}));
  EXPECT_TRUE(
      FailsWith(aclsysGetVersionNum(name, nullptr), ACL_ERROR_INVALID_PARAM, "aclsysGetVersionNum", {"versionNum"}));
  EXPECT_TRUE(
      FailsWith(aclsysGetVersionNum(nullptr, &number), ACL_ERROR_INVALID_PARAM, "aclsysGetVersionNum", {"pkgName"}));
  EXPECT_TRUE(FailsWith(aclsysGetCANNVersion(ACL_PKG_NAME_RUNTIME, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclsysGetCANNVersion", {"version"}));
  aclCANNPackageVersion version;
  EXPECT_TRUE(FailsWith(aclsysGetCANNVersion(static_cast<aclCANNPackageName>(99), &version), ACL_ERROR_INVALID_PARAM,
                        "aclsysGetCANNVersion", {"99"}));
}

TEST(AclVersions, AMissingHomeFileOrVersionLineIsAnInvalidFile) {
  const char* old = std::getenv("ASCEND_HOME_PATH");
  const std::string saved = old != nullptr ? old : "";
  unsetenv("ASCEND_HOME_PATH");
  aclError status = ACL_SUCCESS;
  VersionString("runtime", &status);
  EXPECT_TRUE(FailsWith(status, ACL_ERROR_INVALID_FILE, "aclsysGetVersionStr", {"ASCEND_HOME_PATH"}));
  aclCANNPackageVersion version;
  EXPECT_TRUE(FailsWith(aclsysGetCANNVersion(ACL_PKG_NAME_RUNTIME, &version), ACL_ERROR_INVALID_FILE,
                        "aclsysGetCANNVersion", {"ASCEND_HOME_PATH"}));
  setenv("ASCEND_HOME_PATH", "/nonexistent/aclnn-host", 1);
  VersionString("runtime", &status);
  EXPECT_TRUE(FailsWith(status, ACL_ERROR_INVALID_FILE, "aclsysGetVersionStr", {"does not exist"}));
  if (!saved.empty()) setenv("ASCEND_HOME_PATH", saved.c_str(), 1);

  ScratchHome home;
  VersionString("hccl", &status);
  EXPECT_TRUE(FailsWith(status, ACL_ERROR_INVALID_FILE, "aclsysGetVersionStr", {"hccl"}));
  EXPECT_TRUE(FailsWith(aclsysGetCANNVersion(ACL_PKG_NAME_HCCL, &version), ACL_ERROR_INVALID_FILE,
                        "aclsysGetCANNVersion", {"hccl"}));
  home.Write("runtime", "Release=1\n");
  VersionString("runtime", &status);
  EXPECT_TRUE(FailsWith(status, ACL_ERROR_INVALID_FILE, "aclsysGetVersionStr", {"Version="}));
  home.Write("runtime", "Version=\n");
  VersionString("runtime", &status);
  EXPECT_TRUE(FailsWith(status, ACL_ERROR_INVALID_FILE, "aclsysGetVersionStr", {"Version="}));
  EXPECT_TRUE(FailsWith(aclsysGetCANNVersion(ACL_PKG_NAME_RUNTIME, &version), ACL_ERROR_INVALID_FILE,
                        "aclsysGetCANNVersion", {"Version="}));
  if (access("/etc/ascend_install.info", F_OK) != 0) {  // no CANN driver on this machine
    VersionString("driver", &status);
    EXPECT_TRUE(FailsWith(status, ACL_ERROR_INVALID_FILE, "aclsysGetVersionStr", {"ascend_install.info"}));
    EXPECT_TRUE(FailsWith(aclsysGetCANNVersion(ACL_PKG_NAME_DRIVER, &version), ACL_ERROR_INVALID_FILE,
                          "aclsysGetCANNVersion", {"ascend_install.info"}));
  }
}

TEST(AclVersions, TheStringIsTrimmedAndMustFitTheBuffer) {
  ScratchHome home;
  aclError status = ACL_SUCCESS;
  home.Write("runtime", "name=runtime\nVersion=  8.5.0-beta.1 \r\nVersion=9.9.9\n");
  EXPECT_EQ(VersionString("runtime", &status), "8.5.0-beta.1");  // the first Version= line
  home.Write("runtime", "Version=" + std::string(ACL_PKG_VERSION_MAX_SIZE - 1, '7') + "\n");
  EXPECT_EQ(VersionString("runtime", &status).size(), static_cast<size_t>(ACL_PKG_VERSION_MAX_SIZE - 1));
  home.Write("runtime", "Version=" + std::string(ACL_PKG_VERSION_MAX_SIZE, '7') + "\n");
  char text[ACL_PKG_VERSION_MAX_SIZE] = "untouched";
  char name[] = "runtime";
  EXPECT_TRUE(FailsWith(aclsysGetVersionStr(name, text), ACL_ERROR_INTERNAL_ERROR, "aclsysGetVersionStr",
                        {"ACL_PKG_VERSION_MAX_SIZE"}));
  EXPECT_EQ(text[0], '\0');
  // A name with '-' falls back to '_', as CANN's package folders were once named.
  home.Write("oam_tools", "Version=1.2.3\n");
  EXPECT_EQ(VersionString("oam-tools", &status), "1.2.3");
}

// The number: major*10^7 + minor*10^5 + patch*10^3, pre-releases below their release.
TEST(AclVersions, TheNumberFollowsCannsGrammarAndWeights) {
  ScratchHome home;
  char name[] = "runtime";
  const struct {
    const char* text;
    int32_t number;  // 0: CANN's 500000
  } kCases[] = {
      {"8.5.0", 80500000},
      {"9.1.0", 90100000},
      {"8.5.0-alpha.1", 80499701},
      {"8.5.0rc2", 80499902},
      {"8.5.0.beta", 80499800},
      {"8.5.0-RC001", 80499901},
      {"10.0.12", 100012000},
      {"8.5.3.1", 0},
      {"8.5.RC1", 0},
      {"8.5", 0},
      {"8..0", 0},
      {".5.0", 0},
      {"8.5.0-foo", 0},
      {"8.5.0--rc1", 0},
      {"8.5.0rc1x", 0},
      {"8.5.0rc..1", 0},
      {"8.5.0rc", 80499900},
      {"x.5.0", 0},
      {"8.5.0beta-2", 80499802},
      {"8.5.0-rc99999999999", 0},
  };
  for (const auto& c : kCases) {
    home.Write("runtime", std::string("Version=") + c.text + "\n");
    int32_t number = -1;
    const aclError status = aclsysGetVersionNum(name, &number);
    if (c.number == 0) {
      EXPECT_TRUE(FailsWith(status, ACL_ERROR_INTERNAL_ERROR, "aclsysGetVersionNum", {c.text})) << c.text;
    } else {
      EXPECT_TRUE(Succeeds(status)) << c.text;
      EXPECT_EQ(number, c.number) << c.text;
    }
  }
}

TEST(AclVersions, TheCannVersionSplitsIntoFourParts) {
  ScratchHome home;
  aclCANNPackageVersion version;
  home.Write("ops-legacy", "Version=8.5.0-beta.1\n");  // the dash's suffix loses its dots
  ASSERT_TRUE(Succeeds(aclsysGetCANNVersion(ACL_PKG_NAME_OPP, &version)));
  EXPECT_STREQ(version.version, "8.5.0.beta1");
  EXPECT_STREQ(version.releaseVersion, "0");
  EXPECT_STREQ(version.patchVersion, "beta1");
  home.Write("bisheng_compiler", "Version=9.1\n");  // '-' falls back to '_'
  ASSERT_TRUE(Succeeds(aclsysGetCANNVersion(ACL_PKG_NAME_COMPILER, &version)));
  EXPECT_STREQ(version.version, "9.1");
  EXPECT_STREQ(version.minorVersion, "1");
  EXPECT_STREQ(version.releaseVersion, "0");
  EXPECT_STREQ(version.patchVersion, "0");
  for (const char* text : {"9", "9..1"}) {
    home.Write("runtime", std::string("Version=") + text + "\n");
    EXPECT_TRUE(FailsWith(aclsysGetCANNVersion(ACL_PKG_NAME_RUNTIME, &version), ACL_ERROR_INVALID_FILE,
                          "aclsysGetCANNVersion", {"parts"}))
        << text;
  }
}

}  // namespace

namespace {

int32_t Compatible(const char* soc) {
  int32_t result = -1;
  EXPECT_TRUE(Succeeds(aclrtCheckArchCompatibility(soc, &result))) << soc;
  return result;
}

// Compatibility is equality of the platform configs' NpuArch (hicann/runtime's platform_config).
TEST(AclArchCompatibility, SocsOfTheSameNpuArchAreCompatible) {
  test::RuntimeSession session("Ascend910B3");
  EXPECT_EQ(Compatible(aclrtGetSocName()), 1);
  EXPECT_EQ(Compatible("Ascend910B1"), 1);
  EXPECT_EQ(Compatible("Ascend910B4-1"), 1);
  EXPECT_EQ(Compatible("Ascend910_9391"), 1);  // Atlas A3 shares A2's arch 2201
  EXPECT_EQ(Compatible("Ascend910A"), 0);
  EXPECT_EQ(Compatible("Ascend910"), 0);  // read as Ascend910A
  EXPECT_EQ(Compatible("Ascend310P3"), 0);
  EXPECT_EQ(Compatible("Ascend950PR_9579"), 0);
}

TEST(AclArchCompatibility, AProfileWithoutAConfigTakesItsSeriesArch) {
  test::RuntimeSession session("Ascend950PR");
  EXPECT_EQ(Compatible(aclrtGetSocName()), 1);
  EXPECT_EQ(Compatible("Ascend950DT_95A1"), 1);
  EXPECT_EQ(Compatible("Ascend350_354f"), 1);
  EXPECT_EQ(Compatible("Ascend910B3"), 0);
}

TEST(AclArchCompatibility, BadArgumentsAndAMissingDeviceSocAreInvalid) {
  int32_t result = 7;
  const char* api = "aclrtCheckArchCompatibility";
  EXPECT_TRUE(
      FailsWith(aclrtCheckArchCompatibility("Ascend910B3", &result), ACL_ERROR_RT_PARAM_INVALID, api, {"aclInit"}));
  test::RuntimeSession session;
  EXPECT_TRUE(
      FailsWith(aclrtCheckArchCompatibility(nullptr, &result), ACL_ERROR_RT_PARAM_INVALID, api, {"socVersion"}));
  EXPECT_TRUE(FailsWith(aclrtCheckArchCompatibility("Ascend910B3", nullptr), ACL_ERROR_RT_PARAM_INVALID, api,
                        {"canCompatible"}));
  EXPECT_TRUE(FailsWith(aclrtCheckArchCompatibility("", &result), ACL_ERROR_RT_PARAM_INVALID, api, {"empty"}));
  EXPECT_TRUE(
      FailsWith(aclrtCheckArchCompatibility("Ascend910B9", &result), ACL_ERROR_RT_PARAM_INVALID, api, {"Ascend910B9"}));
  EXPECT_EQ(result, 7);
}

}  // namespace
