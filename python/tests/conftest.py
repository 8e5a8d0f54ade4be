"""Shared helpers of the aclnn_host suites: the CLI to compare against, .npy round trips."""

import os
import shutil
import subprocess

import numpy as np
import pytest
from hypothesis import settings

# The development VM is slow and shared: no per-example deadline; a fixed number of examples.
settings.register_profile("aclnn_host", deadline=None, max_examples=40, derandomize=True)
settings.load_profile("aclnn_host")


def cli_path():
    """The aclnn-host tool: $ACLNN_HOST_CLI (ctest sets it), else the one on the PATH."""
    path = os.environ.get("ACLNN_HOST_CLI") or shutil.which("aclnn-host")
    if not path:
        pytest.skip("no aclnn-host tool: set ACLNN_HOST_CLI")
    return path


def run_cli(*args):
    return subprocess.run([cli_path(), *args], capture_output=True, text=True)


def bf16_bits(values):
    """fp32 values rounded to nearest even bf16, as uint16 bit patterns (NaN kept NaN)."""
    values = np.asarray(values, dtype=np.float32)
    bits = np.atleast_1d(values).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    rounded[np.isnan(np.atleast_1d(values))] = 0x7FC0
    return rounded.reshape(values.shape)


def widen_bf16(bits):
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)
