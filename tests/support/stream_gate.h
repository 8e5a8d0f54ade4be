// A task that holds a stream until the test releases it: work issued behind it provably waits,
// which is how the tests observe asynchrony and ordering without sleeps.
#ifndef ACLNN_HOST_TESTS_SUPPORT_STREAM_GATE_H_
#define ACLNN_HOST_TESTS_SUPPORT_STREAM_GATE_H_

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <memory>
#include <mutex>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/stream.h"
#include "support/acl_test_support.h"

namespace test {

/// Holds a stream with a task that blocks until Release() (or destruction), through the internal
/// Stream::Enqueue. Whatever is issued behind it cannot have run before the release.
class StreamGate {
 public:
  explicit StreamGate(aclrtStream handle) : finished_(std::make_shared<std::atomic<bool>>(false)) {
    std::shared_ptr<aclnn_host::Stream> stream;
    EXPECT_EQ(aclnn_host::Runtime::Get().FindStream("StreamGate", handle, &stream), ACL_SUCCESS)
        << test::TakeErrorMessage();
    if (stream == nullptr) return;
    std::shared_future<void> released = release_.get_future().share();
    auto finished = finished_;
    EXPECT_TRUE(stream->Enqueue([released, finished] {
      released.wait();
      finished->store(true);
      return aclnn_host::TaskResult();
    }));
  }
  ~StreamGate() { Release(); }
  StreamGate(const StreamGate&) = delete;
  StreamGate& operator=(const StreamGate&) = delete;

  void Release() {
    std::call_once(released_once_, [this] { release_.set_value(); });
  }
  /// Whether the gate task has run to its end.
  bool finished() const { return finished_->load(); }

 private:
  std::promise<void> release_;
  std::once_flag released_once_;
  std::shared_ptr<std::atomic<bool>> finished_;
};

}  // namespace test

#endif  // ACLNN_HOST_TESTS_SUPPORT_STREAM_GATE_H_
