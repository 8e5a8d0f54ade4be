// External allocators (acl/acl_rt_allocator.h): descriptors of a user's allocator and its
// functions, registered per stream. In CANN the graph engine allocates a stream's memory through
// them; aclnn-host has no graph engine, so nothing here allocates through a registered allocator,
// and the registry answers aclrtAllocatorGetByStream exactly as CANN's does (hicann/runtime
// src/acl/aclrt_impl/allocator.cpp at 681ef761): registration copies the descriptor, is keyed by
// the stream handle without checking it, outlives the descriptor, and ends with Unregister.
#include <map>
#include <mutex>
#include <new>

#include "acl/acl.h"
#include "acl/acl_rt_allocator.h"
#include "runtime/error_log.h"

using aclnn_host::Fail;

namespace {

struct AllocatorFunctions {
  aclrtAllocator object = nullptr;
  aclrtAllocatorAllocFunc alloc = nullptr;
  aclrtAllocatorFreeFunc free = nullptr;
  aclrtAllocatorAllocAdviseFunc alloc_advise = nullptr;
  aclrtAllocatorGetAddrFromBlockFunc address_of_block = nullptr;
};

struct Registration {
  aclrtAllocatorDesc descriptor;  // the caller's handle, returned as it was given
  AllocatorFunctions functions;   // the copy taken at registration
};

std::mutex registry_mutex;
std::map<aclrtStream, Registration>& Registry() {
  static auto* registry = new std::map<aclrtStream, Registration>();  // outlives static destruction
  return *registry;
}

AllocatorFunctions* Functions(aclrtAllocatorDesc descriptor) { return static_cast<AllocatorFunctions*>(descriptor); }

// The setters' shared shape: both arguments non-null, then the member is set.
template <typename Value>
aclError SetMember(const char* api, aclrtAllocatorDesc descriptor, Value value, const char* value_name,
                   Value AllocatorFunctions::*member) {
  if (descriptor == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "allocatorDesc is nullptr.");
  if (value == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "%s is nullptr.", value_name);
  Functions(descriptor)->*member = value;
  return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclrtAllocatorDesc aclrtAllocatorCreateDesc(void) {
  auto* descriptor = new (std::nothrow) AllocatorFunctions();
  if (descriptor == nullptr) {
    Fail("aclrtAllocatorCreateDesc", ACL_ERROR_BAD_ALLOC, "allocating the descriptor failed.");
  }
  return descriptor;
}

aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc) {
  if (allocatorDesc == nullptr) {
    return Fail("aclrtAllocatorDestroyDesc", ACL_ERROR_INVALID_PARAM, "allocatorDesc is nullptr.");
  }
  delete Functions(allocatorDesc);
  return ACL_SUCCESS;
}

aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocator allocator) {
  return SetMember("aclrtAllocatorSetObjToDesc", allocatorDesc, allocator, "allocator", &AllocatorFunctions::object);
}

aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorAllocFunc func) {
  return SetMember("aclrtAllocatorSetAllocFuncToDesc", allocatorDesc, func, "func", &AllocatorFunctions::alloc);
}

aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorFreeFunc func) {
  return SetMember("aclrtAllocatorSetFreeFuncToDesc", allocatorDesc, func, "func", &AllocatorFunctions::free);
}

aclError aclrtAllocatorSetAllocAdviseFuncToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorAllocAdviseFunc func) {
  return SetMember("aclrtAllocatorSetAllocAdviseFuncToDesc", allocatorDesc, func, "func",
                   &AllocatorFunctions::alloc_advise);
}

aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                     aclrtAllocatorGetAddrFromBlockFunc func) {
  return SetMember("aclrtAllocatorSetGetAddrFromBlockFuncToDesc", allocatorDesc, func, "func",
                   &AllocatorFunctions::address_of_block);
}

// The advise function is optional; the object, alloc, free and address functions are not.
aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc) {
  const char* api = "aclrtAllocatorRegister";
  if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  if (allocatorDesc == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "allocatorDesc is nullptr.");
  const AllocatorFunctions& functions = *Functions(allocatorDesc);
  const char* missing = functions.object == nullptr             ? "allocatorDesc->obj"
                        : functions.alloc == nullptr            ? "allocatorDesc->allocFunc"
                        : functions.free == nullptr             ? "allocatorDesc->freeFunc"
                        : functions.address_of_block == nullptr ? "allocatorDesc->getAddrFromBlockFunc"
                                                                : nullptr;
  if (missing != nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "%s is nullptr.", missing);
  const std::lock_guard<std::mutex> lock(registry_mutex);
  Registry()[stream] = Registration{allocatorDesc, functions};
  return ACL_SUCCESS;
}

aclError aclrtAllocatorGetByStream(aclrtStream stream, aclrtAllocatorDesc* allocatorDesc, aclrtAllocator* allocator,
                                   aclrtAllocatorAllocFunc* allocFunc, aclrtAllocatorFreeFunc* freeFunc,
                                   aclrtAllocatorAllocAdviseFunc* allocAdviseFunc,
                                   aclrtAllocatorGetAddrFromBlockFunc* getAddrFromBlockFunc) {
  const char* api = "aclrtAllocatorGetByStream";
  if (allocatorDesc == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "allocatorDesc is nullptr.");
  if (stream == nullptr) return Fail(api, ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  const std::lock_guard<std::mutex> lock(registry_mutex);
  const auto found = Registry().find(stream);
  if (found == Registry().end()) {
    return Fail(api, ACL_ERROR_INVALID_PARAM, "stream: the stream is not registered with any allocator.");
  }
  // The other outputs are optional: each is written when given.
  const AllocatorFunctions& functions = found->second.functions;
  *allocatorDesc = found->second.descriptor;
  if (allocator != nullptr) *allocator = functions.object;
  if (allocFunc != nullptr) *allocFunc = functions.alloc;
  if (freeFunc != nullptr) *freeFunc = functions.free;
  if (allocAdviseFunc != nullptr) *allocAdviseFunc = functions.alloc_advise;
  if (getAddrFromBlockFunc != nullptr) *getAddrFromBlockFunc = functions.address_of_block;
  return ACL_SUCCESS;
}

aclError aclrtAllocatorUnregister(aclrtStream stream) {
  if (stream == nullptr) return Fail("aclrtAllocatorUnregister", ACL_ERROR_INVALID_PARAM, "stream is nullptr.");
  const std::lock_guard<std::mutex> lock(registry_mutex);
  Registry().erase(stream);
  return ACL_SUCCESS;
}

}  // extern "C"
