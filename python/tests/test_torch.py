"""torch tensors in and out (python3-torch from Debian; skipped where it is not installed):
fp32, fp16 and bf16, strided views, in place, without copies, bit for bit the NumPy path."""

import numpy as np
import pytest

import aclnn_host
from aclnn_host import _aclnn_host
from conftest import bf16_bits

torch = pytest.importorskip("torch")


def test_fp32_and_fp16_tensors_give_tensors_equal_to_the_numpy_path():
    for dtype, np_dtype in ((torch.float32, np.float32), (torch.float16, np.float16)):
        x = torch.linspace(-5, 5, 1001, dtype=dtype)
        before = _aclnn_host.copied_bytes()
        y = aclnn_host.hardswish_backward_v2(x, x)
        assert _aclnn_host.copied_bytes() == before
        assert isinstance(y, torch.Tensor) and y.dtype == dtype
        expected = aclnn_host.hardswish_backward_v2(x.numpy(), x.numpy())
        assert np.array_equal(y.numpy().view(np.uint8), expected.view(np.uint8))


def test_bf16_tensors_carry_their_dtype():
    values = np.linspace(-5, 5, 777, dtype=np.float32)
    x = torch.from_numpy(values).to(torch.bfloat16)
    y = aclnn_host.hardswish(x)
    assert y.dtype == torch.bfloat16
    expected = aclnn_host.hardswish(bf16_bits(values), dtype="bf16")
    assert np.array_equal(y.view(torch.int16).numpy().view(np.uint16), expected)
    assert np.array_equal(x.view(torch.int16).numpy().view(np.uint16), bf16_bits(values))


def test_a_transposed_tensor_is_a_strided_tensor_and_in_place_updates_the_caller():
    x = torch.linspace(-6, 6, 48, dtype=torch.float32).reshape(6, 8)
    xt = x.t()
    y = aclnn_host.relu(xt)
    assert torch.equal(y, torch.relu(xt))
    before = _aclnn_host.copied_bytes()
    assert aclnn_host.relu_(xt) is xt
    assert _aclnn_host.copied_bytes() == before
    assert torch.equal(x, torch.relu(torch.linspace(-6, 6, 48).reshape(6, 8)))


def test_torch_errors_are_aclnn_errors():
    x = torch.zeros(4, dtype=torch.float32)
    with pytest.raises(aclnn_host.AclnnError) as error:
        aclnn_host.hardswish_backward_v2(x, torch.zeros(5, dtype=torch.float32))
    assert error.value.status == 161002
