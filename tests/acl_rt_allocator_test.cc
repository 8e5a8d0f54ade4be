// External allocators (acl/acl_rt_allocator.h): descriptors and the per-stream registry, with the
// checks and codes of hicann/runtime's allocator.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>

#include "acl/acl.h"
#include "acl/acl_rt_allocator.h"
#include "support/acl_test_support.h"
#include "support/status_assertions.h"

namespace {

using test::FailsWith;
using test::Succeeds;

struct CountingAllocator {
  int allocations = 0;
};

void* Alloc(aclrtAllocator allocator, size_t size) {
  ++static_cast<CountingAllocator*>(allocator)->allocations;
  return std::malloc(size);
}
void Free(aclrtAllocator, aclrtAllocatorBlock block) { std::free(block); }
void* Advise(aclrtAllocator allocator, size_t size, aclrtAllocatorAddr) { return Alloc(allocator, size); }
void* AddressOf(aclrtAllocatorBlock block) { return block; }

TEST(AclAllocator, ARegisteredAllocatorIsFoundByItsStreamUntilUnregistered) {
  test::RuntimeSession session;
  aclrtStream stream = session.stream();
  CountingAllocator state;
  aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
  ASSERT_NE(desc, nullptr);
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetObjToDesc(desc, &state)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetAllocFuncToDesc(desc, Alloc)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetFreeFuncToDesc(desc, Free)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, AddressOf)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorRegister(stream, desc)));

  aclrtAllocatorDesc found = nullptr;
  aclrtAllocator object = nullptr;
  aclrtAllocatorAllocFunc alloc = nullptr;
  aclrtAllocatorFreeFunc release = nullptr;
  aclrtAllocatorAllocAdviseFunc advise = Advise;  // not set: read back as null
  aclrtAllocatorGetAddrFromBlockFunc address = nullptr;
  ASSERT_TRUE(Succeeds(aclrtAllocatorGetByStream(stream, &found, &object, &alloc, &release, &advise, &address)));
  EXPECT_EQ(found, desc);
  EXPECT_EQ(object, &state);
  EXPECT_EQ(advise, nullptr);
  aclrtAllocatorBlock block = alloc(object, 64);
  EXPECT_EQ(state.allocations, 1);
  EXPECT_EQ(address(block), block);
  release(object, block);

  // Registration took a copy: later changes to the descriptor need a new registration.
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetAllocAdviseFuncToDesc(desc, Advise)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorGetByStream(stream, &found, nullptr, nullptr, nullptr, &advise, nullptr)));
  EXPECT_EQ(advise, nullptr);
  ASSERT_TRUE(Succeeds(aclrtAllocatorRegister(stream, desc)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorGetByStream(stream, &found, nullptr, nullptr, nullptr, &advise, nullptr)));
  EXPECT_EQ(advise, Advise);

  ASSERT_TRUE(Succeeds(aclrtAllocatorUnregister(stream)));
  EXPECT_TRUE(FailsWith(aclrtAllocatorGetByStream(stream, &found, nullptr, nullptr, nullptr, nullptr, nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtAllocatorGetByStream", {"not registered"}));
  EXPECT_TRUE(Succeeds(aclrtAllocatorUnregister(stream)));  // unregistering twice is fine, as upstream
  EXPECT_TRUE(Succeeds(aclrtAllocatorDestroyDesc(desc)));
}

TEST(AclAllocator, RegistrationNeedsTheObjectAndTheThreeRequiredFunctions) {
  int stream_stand_in = 0;  // upstream does not look at the stream handle, only at its being non-null
  aclrtStream stream = &stream_stand_in;
  CountingAllocator state;
  aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
  const char* api = "aclrtAllocatorRegister";
  EXPECT_TRUE(FailsWith(aclrtAllocatorRegister(stream, desc), ACL_ERROR_INVALID_PARAM, api, {"allocatorDesc->obj"}));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetObjToDesc(desc, &state)));
  EXPECT_TRUE(
      FailsWith(aclrtAllocatorRegister(stream, desc), ACL_ERROR_INVALID_PARAM, api, {"allocatorDesc->allocFunc"}));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetAllocFuncToDesc(desc, Alloc)));
  EXPECT_TRUE(
      FailsWith(aclrtAllocatorRegister(stream, desc), ACL_ERROR_INVALID_PARAM, api, {"allocatorDesc->freeFunc"}));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetFreeFuncToDesc(desc, Free)));
  EXPECT_TRUE(FailsWith(aclrtAllocatorRegister(stream, desc), ACL_ERROR_INVALID_PARAM, api,
                        {"allocatorDesc->getAddrFromBlockFunc"}));
  ASSERT_TRUE(Succeeds(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, AddressOf)));
  ASSERT_TRUE(Succeeds(aclrtAllocatorRegister(stream, desc)));
  // The registration outlives the descriptor.
  ASSERT_TRUE(Succeeds(aclrtAllocatorDestroyDesc(desc)));
  aclrtAllocatorDesc found = nullptr;
  aclrtAllocator object = nullptr;
  ASSERT_TRUE(Succeeds(aclrtAllocatorGetByStream(stream, &found, &object, nullptr, nullptr, nullptr, nullptr)));
  EXPECT_EQ(object, &state);
  EXPECT_TRUE(Succeeds(aclrtAllocatorUnregister(stream)));
}

TEST(AclAllocator, NullArgumentsAreRefused) {
  aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
  int stream_stand_in = 0;
  aclrtStream stream = &stream_stand_in;
  CountingAllocator state;
  EXPECT_TRUE(FailsWith(aclrtAllocatorDestroyDesc(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtAllocatorDestroyDesc"));
  EXPECT_TRUE(FailsWith(aclrtAllocatorSetObjToDesc(nullptr, &state), ACL_ERROR_INVALID_PARAM,
                        "aclrtAllocatorSetObjToDesc", {"allocatorDesc"}));
  EXPECT_TRUE(FailsWith(aclrtAllocatorSetObjToDesc(desc, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtAllocatorSetObjToDesc", {"allocator"}));
  EXPECT_TRUE(FailsWith(aclrtAllocatorSetAllocFuncToDesc(desc, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtAllocatorSetAllocFuncToDesc", {"func"}));
  EXPECT_TRUE(FailsWith(aclrtAllocatorSetFreeFuncToDesc(desc, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtAllocatorSetFreeFuncToDesc", {"func"}));
  EXPECT_TRUE(FailsWith(aclrtAllocatorSetAllocAdviseFuncToDesc(desc, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtAllocatorSetAllocAdviseFuncToDesc", {"func"}));
  EXPECT_TRUE(FailsWith(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, nullptr), ACL_ERROR_INVALID_PARAM,
                        "aclrtAllocatorSetGetAddrFromBlockFuncToDesc", {"func"}));
  EXPECT_TRUE(
      FailsWith(aclrtAllocatorRegister(nullptr, desc), ACL_ERROR_INVALID_PARAM, "aclrtAllocatorRegister", {"stream"}));
  EXPECT_TRUE(FailsWith(aclrtAllocatorRegister(stream, nullptr), ACL_ERROR_INVALID_PARAM, "aclrtAllocatorRegister",
                        {"allocatorDesc"}));
  aclrtAllocatorDesc found = nullptr;
  EXPECT_TRUE(FailsWith(aclrtAllocatorGetByStream(stream, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtAllocatorGetByStream", {"allocatorDesc"}));
  EXPECT_TRUE(FailsWith(aclrtAllocatorGetByStream(nullptr, &found, nullptr, nullptr, nullptr, nullptr, nullptr),
                        ACL_ERROR_INVALID_PARAM, "aclrtAllocatorGetByStream", {"stream"}));
  EXPECT_TRUE(FailsWith(aclrtAllocatorUnregister(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtAllocatorUnregister"));
  EXPECT_TRUE(Succeeds(aclrtAllocatorDestroyDesc(desc)));
}

}  // namespace
