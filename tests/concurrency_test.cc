// Concurrency (issue 5): many host threads launching at once, on their own streams or sharing
// one, events ordering work across streams, and a stream destroyed with work pending. Every
// result is compared bit for bit with the same launches run serially. scripts/sanitize.sh runs
// this file under ThreadSanitizer.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "support/acl_test_support.h"
#include "support/stream_gate.h"

namespace {

constexpr int64_t kElements = 1024;
constexpr int kLaunches = 1000;

/// Fails the process rather than hanging when `future` is not ready within a minute.
template <typename T>
T GetOrAbort(std::future<T>& future, const char* what) {
  if (future.wait_for(std::chrono::seconds(60)) != std::future_status::ready) {
    std::fprintf(stderr, "deadlock: %s did not finish\n", what);
    std::abort();
  }
  return future.get();
}

/// A chain of backward launches over one thread's buffers: launch i computes
/// out = hardswish'(self) * grad with grad and out swapping between two buffers, alternating V1
/// and V2. Each launch reads the previous one's output, so the final buffer depends on every
/// launch having run, in order. self is near 1.5, where the derivative is near 1: the values
/// stay finite over a thousand launches and every rounding shows in the result.
class Chain {
 public:
  explicit Chain(int seed) : self_(Bytes()), a_(Bytes()), b_(Bytes()) {
    std::vector<float> self(kElements), grad(kElements);
    for (int64_t i = 0; i < kElements; ++i) {
      self[static_cast<size_t>(i)] =
          1.5f + static_cast<float>(i % 64 - 32) / 1024.0f + static_cast<float>(seed) / 4096.0f;
      grad[static_cast<size_t>(i)] = 1.0f + static_cast<float>(i) / 4096.0f;
    }
    self_.Upload(self);
    a_.Upload(grad);
    test::Layout layout;
    layout.view = {kElements};
    self_tensor_ = test::Tensor(layout, self_.get());
    a_tensor_ = test::Tensor(layout, a_.get());
    b_tensor_ = test::Tensor(layout, b_.get());
  }

  /// Phase one and phase two of launch `i` on `stream`; the first failure.
  aclnnStatus Launch(int i, aclrtStream stream) {
    aclTensor* grad = i % 2 == 0 ? a_tensor_.get() : b_tensor_.get();
    aclTensor* out = i % 2 == 0 ? b_tensor_.get() : a_tensor_.get();
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    if (i % 4 < 2) {
      aclnnStatus status =
          aclnnHardswishBackwardV2GetWorkspaceSize(grad, self_tensor_.get(), out, &workspace, &executor);
      if (status != ACLNN_SUCCESS) return status;
      return test::RunV2(executor, stream);
    }
    aclnnStatus status = aclnnHardswishBackwardGetWorkspaceSize(grad, self_tensor_.get(), out, &workspace, &executor);
    if (status != ACLNN_SUCCESS) return status;
    return aclnnHardswishBackward(test::WorkspaceOfSize(workspace), workspace, executor, stream);
  }

  /// The buffer the last of `launches` launches wrote.
  std::vector<float> Result(int launches) const {
    return (launches % 2 == 1 ? b_ : a_).Download<float>(static_cast<size_t>(kElements));
  }

 private:
  static size_t Bytes() { return static_cast<size_t>(kElements) * sizeof(float); }
  test::DeviceBuffer self_, a_, b_;
  test::Tensor self_tensor_, a_tensor_, b_tensor_;
};

/// What chain `seed` holds after `launches` launches run one after another on one thread.
std::vector<float> SerialResult(int seed, int launches, aclrtStream stream) {
  Chain chain(seed);
  for (int i = 0; i < launches; ++i) EXPECT_EQ(chain.Launch(i, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  return chain.Result(launches);
}

void ExpectBitwiseEqual(const std::vector<float>& got, const std::vector<float>& expected, const char* what) {
  ASSERT_EQ(got.size(), expected.size());
  EXPECT_EQ(std::memcmp(got.data(), expected.data(), got.size() * sizeof(float)), 0) << what;
}

class ConcurrencyTest : public ::testing::Test {
 protected:
  test::RuntimeSession session_;
};

TEST_F(ConcurrencyTest, TheChainDependsOnEveryLaunch) {
  // What makes the comparisons below meaningful: one launch more or less, or another seed,
  // changes the result, and the values stay finite and normal.
  const std::vector<float> full = SerialResult(0, kLaunches, session_.stream());
  const std::vector<float> one_less = SerialResult(0, kLaunches - 1, session_.stream());
  const std::vector<float> other_seed = SerialResult(1, kLaunches, session_.stream());
  EXPECT_NE(std::memcmp(full.data(), one_less.data(), full.size() * sizeof(float)), 0);
  EXPECT_NE(std::memcmp(full.data(), other_seed.data(), full.size() * sizeof(float)), 0);
  for (float value : full) ASSERT_TRUE(std::isnormal(value)) << value;
}

TEST_F(ConcurrencyTest, EightThreadsOnTheirOwnStreams) {
  constexpr int kThreads = 8;
  std::vector<std::vector<float>> expected;
  for (int t = 0; t < kThreads; ++t) expected.push_back(SerialResult(t, kLaunches, session_.stream()));
  std::vector<std::future<std::vector<float>>> results;
  for (int t = 0; t < kThreads; ++t) {
    results.push_back(std::async(std::launch::async, [t] {
      aclrtSetDevice(0);  // the thread's current device
      aclrtStream stream = nullptr;
      EXPECT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
      Chain chain(t);
      for (int i = 0; i < kLaunches; ++i) {
        const aclnnStatus status = chain.Launch(i, stream);
        if (status != ACLNN_SUCCESS) {
          ADD_FAILURE() << "launch " << i << ": " << status << " " << test::TakeErrorMessage();
          break;
        }
      }
      EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
      std::vector<float> result = chain.Result(kLaunches);
      EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
      return result;
    }));
  }
  for (int t = 0; t < kThreads; ++t) {
    ExpectBitwiseEqual(GetOrAbort(results[static_cast<size_t>(t)], "a thread's launches"),
                       expected[static_cast<size_t>(t)], "thread result");
  }
}

TEST_F(ConcurrencyTest, FourThreadsShareOneStream) {
  constexpr int kThreads = 4;
  std::vector<std::vector<float>> expected;
  for (int t = 0; t < kThreads; ++t) expected.push_back(SerialResult(t, kLaunches, session_.stream()));
  aclrtStream shared = nullptr;
  ASSERT_EQ(aclrtCreateStream(&shared), ACL_SUCCESS);
  std::vector<std::future<std::vector<float>>> results;
  for (int t = 0; t < kThreads; ++t) {
    results.push_back(std::async(std::launch::async, [t, shared] {
      aclrtSetDevice(0);
      Chain chain(t);
      for (int i = 0; i < kLaunches; ++i) {
        const aclnnStatus status = chain.Launch(i, shared);
        if (status != ACLNN_SUCCESS) {
          ADD_FAILURE() << "launch " << i << ": " << status << " " << test::TakeErrorMessage();
          break;
        }
      }
      EXPECT_EQ(aclrtSynchronizeStream(shared), ACL_SUCCESS);  // four threads synchronise at once
      return chain.Result(kLaunches);
    }));
  }
  for (int t = 0; t < kThreads; ++t) {
    ExpectBitwiseEqual(GetOrAbort(results[static_cast<size_t>(t)], "a thread's launches"),
                       expected[static_cast<size_t>(t)], "thread result");
  }
  EXPECT_EQ(aclrtDestroyStream(shared), ACL_SUCCESS);
}

TEST_F(ConcurrencyTest, EventsOrderAChainAcrossTwoStreams) {
  // Even launches on one stream, odd ones on the other; each waits for the other's last record.
  const std::vector<float> expected = SerialResult(3, kLaunches, session_.stream());
  aclrtStream streams[2] = {};
  aclrtEvent done[2] = {};
  for (int k = 0; k < 2; ++k) {
    ASSERT_EQ(aclrtCreateStream(&streams[k]), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateEvent(&done[k]), ACL_SUCCESS);
  }
  Chain chain(3);
  {
    // Both streams start held, so the waits below really have something to wait for.
    test::StreamGate gate0(streams[0]), gate1(streams[1]);
    for (int i = 0; i < kLaunches; ++i) {
      const int k = i % 2;
      if (i > 0) {
        ASSERT_EQ(aclrtStreamWaitEvent(streams[k], done[1 - k]), ACL_SUCCESS) << test::TakeErrorMessage();
      }
      ASSERT_EQ(chain.Launch(i, streams[k]), ACLNN_SUCCESS) << test::TakeErrorMessage();
      ASSERT_EQ(aclrtRecordEvent(done[k], streams[k]), ACL_SUCCESS) << test::TakeErrorMessage();
    }
    gate1.Release();
    gate0.Release();
  }
  auto synced = std::async(std::launch::async, [&] { return aclrtSynchronizeEvent(done[(kLaunches - 1) % 2]); });
  EXPECT_EQ(GetOrAbort(synced, "the last event"), ACL_SUCCESS);
  ExpectBitwiseEqual(chain.Result(kLaunches), expected, "chain across streams");
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(aclrtDestroyEvent(done[k]), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(streams[k]), ACL_SUCCESS);
  }
}

TEST_F(ConcurrencyTest, DestroyingAStreamWithWorkPendingRunsItWithoutDeadlock) {
  constexpr int kPending = 200;
  const std::vector<float> expected = SerialResult(5, kPending, session_.stream());
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  Chain chain(5);
  auto gate = std::make_unique<test::StreamGate>(stream);
  for (int i = 0; i < kPending; ++i) ASSERT_EQ(chain.Launch(i, stream), ACLNN_SUCCESS) << test::TakeErrorMessage();
  // Another thread destroys the stream while everything is still queued behind the gate; the
  // destruction waits for the queue, which the gate's release then lets run.
  auto destroyed = std::async(std::launch::async, [stream] { return aclrtDestroyStream(stream); });
  EXPECT_EQ(destroyed.wait_for(std::chrono::seconds(0)) == std::future_status::ready && !gate->finished(), false)
      << "the stream was destroyed before its queued work ran";
  gate->Release();
  EXPECT_EQ(GetOrAbort(destroyed, "aclrtDestroyStream"), ACL_SUCCESS);
  EXPECT_TRUE(gate->finished());
  gate.reset();
  ExpectBitwiseEqual(chain.Result(kPending), expected, "work queued before the destruction");
}

}  // namespace
