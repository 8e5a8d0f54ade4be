// The first-phase checks operators share, each with its one message (style.md §4). An operator
// calls them in its own order; every check reports under the calling API's name and returns the
// status to propagate (ACLNN_SUCCESS when the check passes).
#ifndef ACLNN_HOST_BASE_OP_CHECKS_H_
#define ACLNN_HOST_BASE_OP_CHECKS_H_

#include <cstddef>
#include <string>

#include "aclnn/acl_meta.h"
#include "common/export.h"
#include "runtime/soc_profile.h"

/// Propagates a failed check: `AH_RETURN_IF_FAILED(CheckNotNull(api, t));`
#define AH_RETURN_IF_FAILED(expression)          \
  do {                                           \
    const aclnnStatus ah_status_ = (expression); \
    if (ah_status_ != 0) return ah_status_;      \
  } while (0)

namespace aclnn_host {

/// A tensor argument with the name messages use for it.
struct NamedTensor {
  const aclTensor* tensor;
  const char* name;
};

/// A short list of dtypes (an operator's support list on one SoC).
struct DtypeList {
  aclDataType values[12];
  size_t count;
  bool Contains(aclDataType dtype) const {
    for (size_t i = 0; i < count; ++i) {
      if (values[i] == dtype) return true;
    }
    return false;
  }
};

/// "[DT_FLOAT,DT_FLOAT16,DT_BF16,]", as upstream prints support lists.
AH_INTERNAL_API std::string FormatDtypeList(const DtypeList& list);

/// 161001 "Expected a proper Tensor but got null for argument <name>."
AH_INTERNAL_API aclnnStatus CheckNotNull(const char* api, const NamedTensor& t);
/// 161002 when the pointer is not a live aclTensor (destroyed, or never created).
AH_INTERNAL_API aclnnStatus CheckLive(const char* api, const NamedTensor& t);
/// CheckLive for several tensors under one lock; reports the first that is not live.
AH_INTERNAL_API aclnnStatus CheckAllLive(const char* api, const NamedTensor* tensors, size_t count);
/// 161002 "Tensor <name> not implemented for <dtype>, should be in dtype support list <list>."
AH_INTERNAL_API aclnnStatus CheckDtypeInList(const char* api, const NamedTensor& t, const DtypeList& list);
/// 161002 "Tensor <name> expected dtype is <expected> but found <actual>."
AH_INTERNAL_API aclnnStatus CheckDtypeEqual(const char* api, const NamedTensor& t, aclDataType expected);
/// 161002 when `from`'s dtype cannot be cast to `to`'s (float to integral, complex to real, or
/// anything but bool to bool): "<from> dtype <DT> can't be cast to the result dtype <DT>."
/// op::CanCast: false from a float to an integer or bool, from complex to non-complex, and from
/// anything but bool to bool.
AH_INTERNAL_API bool CanCast(aclDataType from, aclDataType to);
AH_INTERNAL_API aclnnStatus CheckCastable(const char* api, const NamedTensor& from, const NamedTensor& to);
/// 161002 "The <name> tensor cannot be larger than <max> dimensions."
AH_INTERNAL_API aclnnStatus CheckMaxRank(const char* api, const NamedTensor& t, size_t max_rank);
/// 161002 "Expected tensor for <t> to have same size as tensor for <other>, but <a> does not equal <b>."
AH_INTERNAL_API aclnnStatus CheckSameShape(const char* api, const NamedTensor& t, const NamedTensor& other);
/// 161002 for what upstream leaves unchecked: negative dims, strides or storage dims, and views
/// whose element count or byte extent does not fit in int64.
/// OP_LOGE_FOR_INVALID_DTYPES_WITH_REASON / _FORMATS_: "Parameters a, b of `entity` have incorrect
/// dtypes (formats) X, Y. Reason: the dtype (format) of a and b must be the same." (161002).
AH_INTERNAL_API aclnnStatus CheckDtypesMatch(const char* api, const char* entity, const NamedTensor& a,
                                             const NamedTensor& b);
AH_INTERNAL_API aclnnStatus CheckFormatsMatch(const char* api, const char* entity, const NamedTensor& a,
                                              const NamedTensor& b);
/// Shrink's "Format of input and output should be equal, self [%s], output [%s]." (161002).
AH_INTERNAL_API aclnnStatus CheckViewFormatsEqual(const char* api, const NamedTensor& a, const NamedTensor& b);
AH_INTERNAL_API aclnnStatus CheckLayout(const char* api, const NamedTensor& t);
/// 561103 when the view reaches outside its storage shape (upstream's contiguous step fails).
AH_INTERNAL_API aclnnStatus CheckViewInStorage(const char* api, const NamedTensor& t);
/// 161002 when distinct elements of an output view share an address (a stride 0 over a dim of
/// size > 1): the result would depend on the order of writes.
AH_INTERNAL_API aclnnStatus CheckOutputNotBroadcast(const char* api, const NamedTensor& t);

/// The active SoC profile, or nullptr with 361001 reported when aclInit has not been called.
AH_INTERNAL_API const SocProfile* RequireSocProfile(const char* api, aclnnStatus* status);

}  // namespace aclnn_host

#endif  // ACLNN_HOST_BASE_OP_CHECKS_H_
