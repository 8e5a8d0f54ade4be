"""Calls run on the caller's memory: the arrays' storage is registered with aclrtHostRegisterV2
for the call (docs/device-memory.md), so nothing is copied; where registration is refused (a SoC
without it, or another thread's call holding a page) the call copies and gives the same result."""

import threading

import numpy as np
import pytest

import aclnn_host
from aclnn_host import _aclnn_host


def copied_during(call):
    before = _aclnn_host.copied_bytes()
    result = call()
    return result, _aclnn_host.copied_bytes() - before


def test_numpy_calls_copy_nothing_where_the_soc_registers_host_memory():
    x = np.linspace(-5, 5, 100_000, dtype=np.float32)
    for soc in ("Ascend910B3", "Ascend910_9391", "Ascend950PR"):
        y, copied = copied_during(lambda: aclnn_host.hardswish_backward_v2(x, x, soc=soc))
        assert copied == 0, soc
        # Exactness is the other suites' job; this shows that the values arrive in the caller's array.
        assert np.allclose(y, np.where(x < -3, 0, np.where(x > 3, x, x * (2 * x + 3) / 6)), rtol=1e-5, atol=1e-6)


def test_a_soc_without_registration_copies_and_agrees():
    # Ascend910 (Atlas training series) has no aclrtHostRegister upstream: the call copies.
    x = np.linspace(-5, 5, 4099, dtype=np.float32)
    g = np.ones_like(x)
    y, copied = copied_during(lambda: aclnn_host.hardswish_backward(g, x, soc="Ascend910A"))
    assert copied == 3 * x.nbytes  # two inputs up, the result down
    z, none = copied_during(lambda: aclnn_host.hardswish_backward(g, x, soc="Ascend910B3"))
    assert none == 0
    assert np.array_equal(y, z)  # the same TBE sequence on both


def test_in_place_on_a_strided_view_writes_only_the_view():
    base = np.linspace(-6, 6, 64, dtype=np.float32).reshape(8, 8)
    original = base.copy()
    view = base[::2, 1::3]
    expected = aclnn_host.relu(view.copy())
    _, copied = copied_during(lambda: aclnn_host.relu_(view))
    assert copied == 0
    assert np.array_equal(base[::2, 1::3], expected)
    mask = np.ones_like(base, dtype=bool)
    mask[::2, 1::3] = False
    assert np.array_equal(base[mask], original[mask])


def test_arrays_sharing_pages_and_threads_sharing_arrays():
    buffer = np.linspace(-4, 4, 3000, dtype=np.float32)
    g, x = buffer[:1500], buffer[1500:]  # neighbours on one page: one registration
    expected = aclnn_host.hardswish_backward_v2(g.copy(), x.copy())
    result, copied = copied_during(lambda: aclnn_host.hardswish_backward_v2(g, x))
    assert copied == 0 and np.array_equal(result, expected)
    # Threads on the same arrays: a call that finds the pages registered copies instead.
    results, errors = [None] * 8, []

    def work(i):
        try:
            for _ in range(20):
                results[i] = aclnn_host.hardswish_backward_v2(g, x)
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    for result in results:
        assert np.array_equal(result, expected)


class DLPackOnly:
    """A producer that offers nothing but the DLPack protocol."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, stream=None):
        return self._array.__dlpack__()

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


def test_any_dlpack_producer_is_taken_without_a_copy():
    x = np.linspace(-5, 5, 1000, dtype=np.float32)
    y, copied = copied_during(lambda: aclnn_host.hardswish(DLPackOnly(x)))
    assert copied == 0
    assert np.array_equal(y, aclnn_host.hardswish(x))
    # NumPy 1.24 imports DLPack memory read-only: the in-place functions refuse it.
    with pytest.raises(ValueError, match="read-only"):
        aclnn_host.relu_(DLPackOnly(x))
