"""aclnn-host from Python: CANN's operators, bit-exact to the NPU of a chosen SoC, on NumPy arrays.

>>> import numpy as np, aclnn_host
>>> x = np.arange(8, dtype=np.float32)
>>> aclnn_host.hardswish_backward_v2(x, x)          # the CANN sample's values
array([0.       , 0.8333334, 2.3333335, 3.       , 4.       , 5.       ,
       6.       , 7.       ], dtype=float32)

One function per operator of the library's operator table (src/ops/op_table.inc), generated at
import; the precision standards (docs/precision.md) as compare(); the NPU tiling as tiling();
golden files for the test kits as golden(). docs/python.md describes them.
"""

import json as _json
import os as _os
import sys as _sys

import numpy as _np

from . import _aclnn_host

AclnnError = _aclnn_host.AclnnError
AclnnError.__doc__ = (
    "An acl/aclnn call failed: .status is its status code, .api the function, .message "
    "aclGetRecentErrMsg()'s text (upstream's message)."
)



def _torch():
    """torch, if the program has imported it (a tensor argument means it has); never imported here:
    torch is optional, and importing it would cost every `import aclnn_host` most of a second."""
    return _sys.modules.get("torch")


_NUMPY_DTYPES = {"fp32": _np.dtype(_np.float32), "fp16": _np.dtype(_np.float16), "bf16": _np.dtype(_np.uint16),
                 "int32": _np.dtype(_np.int32), "int8": _np.dtype(_np.int8), "uint8": _np.dtype(_np.uint8),
                 "int64": _np.dtype(_np.int64), "int16": _np.dtype(_np.int16)}
_DTYPE_NAMES = {"fp32": "fp32", "float32": "fp32", "float": "fp32", "fp16": "fp16", "float16": "fp16",
                "half": "fp16", "bf16": "bf16", "bfloat16": "bf16", "int32": "int32", "int8": "int8",
                "uint8": "uint8", "int64": "int64", "int16": "int16"}
# The array dtypes that name their aclnn dtype by themselves (16-bit integers hold bf16 bits).
_SELF_DESCRIBING = {_np.dtype(_np.float32): "fp32", _np.dtype(_np.float16): "fp16", _np.dtype(_np.int32): "int32",
                    _np.dtype(_np.int8): "int8", _np.dtype(_np.uint8): "uint8", _np.dtype(_np.int64): "int64"}


def _dtype_name(name):
    key = str(name).lower()
    if key not in _DTYPE_NAMES:
        raise ValueError(f'unknown dtype "{name}"; the dtypes are fp32, fp16, bf16, int32, int16, int8, uint8 '
                         'and int64')
    return _DTYPE_NAMES[key]


def _to_numpy(value, dtype):
    """(array, dtype name, was_torch): a NumPy view of `value` (no copy where the layout allows)."""
    torch = _torch()
    was_torch = torch is not None and isinstance(value, torch.Tensor)
    if was_torch:
        if value.device.type != "cpu":
            raise ValueError("aclnn_host takes CPU tensors")
        if value.dtype == torch.bfloat16:
            if dtype is not None and _dtype_name(dtype) != "bf16":
                raise ValueError(f"a torch.bfloat16 tensor with dtype={dtype!r}")
            return value.view(torch.int16).numpy().view(_np.uint16), "bf16", True
        value = value.numpy()
    elif not isinstance(value, _np.ndarray) and hasattr(value, "__dlpack__"):
        value = _np.from_dlpack(value)  # any DLPack producer on the CPU, without a copy
    array = _np.asarray(value)
    if array.dtype in _SELF_DESCRIBING:
        found = _SELF_DESCRIBING[array.dtype]
        if dtype is not None and _dtype_name(dtype) != found:
            raise ValueError(f"a {array.dtype} array with dtype={dtype!r}")
        name = found
    elif array.dtype in (_np.uint16, _np.int16):
        if dtype is None:
            raise TypeError('16-bit integer arrays hold bf16 (or fp16) bit patterns, or int16 values: pass '
                            'dtype="bf16" or dtype="int16"')
        name = _dtype_name(dtype)
        if name not in ("bf16", "fp16", "int16"):
            raise TypeError(f"16-bit integer arrays cannot hold {name}")
        array = array.view(_np.int16 if name == "int16" else _np.uint16)
    else:
        raise TypeError(f"unsupported array dtype {array.dtype}; use float32, float16, int32, int8, uint8, int64, "
                        "or uint16 with dtype='bf16'")
    # Strides in elements, non-negative: a view with negative or unaligned strides is copied.
    if any(s < 0 or s % array.itemsize for s in array.strides):
        array = _np.ascontiguousarray(array)
    return array, name, was_torch


def _from_numpy(array, name, as_torch):
    if not as_torch:
        return array
    torch = _torch()
    if name == "bf16":  # torch has no uint16: the bits travel as int16
        return torch.from_numpy(array.view(_np.int16)).view(torch.bfloat16)
    return torch.from_numpy(array)


def _normalise_soc(soc):
    """None: ACLNN_HOST_SOC, else Ascend910B3 (not whatever an earlier call chose)."""
    return "" if soc is None else str(soc)


def _scalar_argument(name, value):
    """(value, dtype name) of a scalar keyword: a number (an fp32 aclScalar) or (number, dtype)."""
    if isinstance(value, tuple):
        if len(value) != 2:
            raise TypeError(f"{name}= takes a number or a (number, dtype) pair")
        return float(value[0]), str(value[1])
    if isinstance(value, bool):
        return float(value), "bool"
    return float(value), "fp32"


# op::PromoteType's order among the dtypes the package carries: a float beats every integer, the
# wider integer wins, and int8 with uint8 is int16.
_FLOAT_RANK = {"fp16": 1, "bf16": 1, "fp32": 2}
_INTEGER_RANK = {"uint8": 0, "int8": 0, "int16": 1, "int32": 2, "int64": 3}


def _promote_pair(a, b):
    if a == b:
        return a
    if a in _FLOAT_RANK or b in _FLOAT_RANK:
        if a in _FLOAT_RANK and b in _FLOAT_RANK:
            return "fp32" if _FLOAT_RANK[a] == _FLOAT_RANK[b] else max(a, b, key=_FLOAT_RANK.get)
        return a if a in _FLOAT_RANK else b
    if {a, b} == {"int8", "uint8"}:
        return "int16"
    return max(a, b, key=_INTEGER_RANK.get)


def _promoted(names, self_name):
    """op::PromoteType of the inputs' dtypes (self's where they agree)."""
    result = self_name
    for name in names:
        result = _promote_pair(result, name)
    return result


def _make_op(row):
    op, inputs, inplace, casts = row["name"], row["inputs"], row["inplace"], row["casts"]
    scalar_names, flag_names = list(row["scalars"]), list(row["flags"])

    def call(*args, soc=None, out=None, out_dtype=None, dtype=None, **keywords):
        if len(args) != len(inputs):
            raise TypeError(f"{row['python_name']}() takes {len(inputs)} arrays ({', '.join(inputs)}), "
                            f"got {len(args)}")
        unknown = set(keywords) - set(scalar_names) - set(flag_names)
        if unknown:
            raise TypeError(f"{row['python_name']}() got unexpected keyword arguments {sorted(unknown)}")
        missing = [name for name in scalar_names + flag_names if name not in keywords]
        if missing:
            raise TypeError(f"{row['python_name']}() needs {', '.join(n + '=' for n in missing)}")
        scalars = [_scalar_argument(name, keywords[name]) for name in scalar_names]
        flags = [bool(keywords[name]) for name in flag_names]
        # dtype= names every input's dtype, or each input's (a list: None where the array says it).
        if isinstance(dtype, (list, tuple)):
            if len(dtype) != len(inputs):
                raise TypeError(f"{row['python_name']}() dtype= lists {len(dtype)} dtypes for {len(inputs)} inputs")
            dtypes = list(dtype)
        else:
            dtypes = [dtype] * len(inputs)
        arrays, names, torch_flags = [], [], []
        for value, value_dtype in zip(args, dtypes):
            array, name, was_torch = _to_numpy(value, value_dtype)
            arrays.append(array)
            names.append(name)
            torch_flags.append(was_torch)
        # self's dtype is the result's (the backward ops' gradOutput has the same one).
        self_index = inputs.index("self") if "self" in inputs else 0
        self_name = names[self_index]
        if inplace:
            if out is not None or out_dtype is not None:
                raise TypeError(f"{row['python_name']}() works in place: no out= or out_dtype=")
            if not arrays[0].flags.writeable:
                raise ValueError("the array is read-only")
            if not torch_flags[0] and not _np.shares_memory(arrays[0], _np.asarray(args[0])):
                raise ValueError("in place needs an array with non-negative, element-aligned strides (a copy "
                                 "would not update the caller's array)")
            _aclnn_host.run(op, arrays, names, None, "", _normalise_soc(soc), scalars, flags)
            return args[0]
        # The result has self's dtype, or the inputs' promoted one where their float dtypes differ (as
        # torch's backward functions; the ops that refuse mixed dtypes report it themselves, 161002).
        result_name = _dtype_name(out_dtype) if out_dtype is not None else _promoted(names, self_name)
        try:
            shape = _np.broadcast_shapes(*[array.shape for array in arrays])
        except ValueError:  # the library reports upstream's status and message
            shape = arrays[0].shape
        result = _np.empty(shape, dtype=_NUMPY_DTYPES[result_name])
        _aclnn_host.run(op, arrays, names, result, result_name, _normalise_soc(soc), scalars, flags)
        if out is not None:
            target, _, _ = _to_numpy(out, result_name if result_name == "bf16" else None)
            if target.shape != result.shape or target.dtype != result.dtype:
                raise ValueError(f"out has shape {target.shape} and dtype {target.dtype}; the result has "
                                 f"{result.shape} and {result.dtype}")
            _np.copyto(target, result)
            return out
        return _from_numpy(result, result_name, torch_flags[self_index])

    inputs_text = ", ".join("x" if i == "self" else "grad" if i == "grad_output" else i for i in inputs)
    keywords_text = "".join(f", {name}" for name in scalar_names + flag_names)
    extra = ", out_dtype=None" if casts else ""
    call.__name__ = call.__qualname__ = row["python_name"]
    if inplace:
        call.__doc__ = (f"{row['python_name']}({inputs_text}{keywords_text}, soc=None, dtype=None): {row['aclnn']} "
                        "in place; returns the argument.")
    else:
        call.__doc__ = (f"{row['python_name']}({inputs_text}{keywords_text}, soc=None, out=None{extra}, dtype=None): "
                        f"{row['aclnn']} ({row['kernel']} kernel) on NumPy arrays (or torch tensors); returns a new "
                        "array (or writes out=). Scalars: a number (fp32) or a (number, dtype) pair.")
    return call


OPS = tuple(_aclnn_host.ops())
for _row in OPS:
    globals()[_row["python_name"]] = _make_op(_row)
del _row


def socs():
    """The SoC profiles soc= accepts, in the library's table order."""
    return list(_aclnn_host.socs())


def active_soc():
    """The SoC the runtime is initialised with ('' before the first operator call)."""
    return _aclnn_host.active_soc()


def tiling(op, shape, dtype="fp32", soc=None):
    """The NPU's tiling of `op` on `shape`: the dict `aclnn-host tiling --json` prints (docs/cli.md)."""
    shape_text = ",".join(str(int(d)) for d in shape)
    return _json.loads(_aclnn_host.tiling_json(op, shape_text, str(dtype), _normalise_soc(soc)))


def compare(actual, golden, standard, dtype=None, golden_dtype=None):
    """Applies a precision standard (docs/precision.md) with the thresholds of the actual's dtype.

    Returns a dict: standard, dtype, elements, verdict ("PASS", "WARNING", "FAIL"), passed,
    figures (a dict), reasons (a list), ulp_histogram (a list of (label, count)), text.
    bf16 data: uint16 arrays with dtype="bf16" (golden_dtype for the golden; default: dtype when
    the golden is a 16-bit integer array)."""
    a, a_name, _ = _to_numpy(actual, dtype)
    golden_array = golden
    if golden_dtype is None and dtype is not None and _np.asarray(golden).dtype in (_np.uint16, _np.int16):
        golden_dtype = dtype
    g, g_name, _ = _to_numpy(golden_array, golden_dtype)
    if a.shape != g.shape:
        raise ValueError(f"the actual has shape {a.shape} and the golden {g.shape}")
    return _aclnn_host.compare(_np.ascontiguousarray(a), a_name, _np.ascontiguousarray(g), g_name, str(standard))


_KIT_DTYPES = {"fp32": "float32", "fp16": "float16", "bf16": "bfloat16", "int32": "int32", "int8": "int8",
               "uint8": "uint8", "int64": "int64", "int16": "int16"}


def _find_row(op):
    """The operator table's row of `op` (its name, Python name or aclnn name)."""
    for row in OPS:
        if op in (row["name"], row["python_name"], row["aclnn"]):
            return row
    raise ValueError(f'unknown operator "{op}"; the operators are ' + ", ".join(row["python_name"] for row in OPS))


def golden(op, *inputs, directory, case, soc=None, out_dtype=None, dtype=None, **keywords):
    """Runs `op` and writes its inputs and exact output in ops-test-kit's manual-data layout.

    <directory>/<case>/input_<i>_<dtype>.bin (each input's storage, C order) and
    golden_0_<dtype>__shape_<AxB>.bin: what `python3 -m ttk aclnn ... --manual-data-dirs
    <directory>` replays (hicann/ops-test-kit docs/Manual_Data_Prepare_and_Replay.md).
    Returns the output."""
    row = _find_row(op)
    function = globals()[row["python_name"]]
    inplace = row["inplace"]
    self_index = row["inputs"].index("self") if "self" in row["inputs"] else 0
    if not _aclnn_host.kit_case_ok(str(case)):
        raise ValueError("case must be 1 to 120 characters of [A-Za-z0-9_.-] (ops-test-kit's case-folder rule)")
    converted = [_to_numpy(value, dtype)[:2] for value in inputs]
    folder = _os.path.join(str(directory), case)
    _os.makedirs(folder, exist_ok=True)
    for index, (array, name) in enumerate(converted):
        _np.ascontiguousarray(array).tofile(_os.path.join(folder, _aclnn_host.kit_input_file(index,
                                                                                            _KIT_DTYPES[name])))
    if inplace:
        copies = [_np.array(array, copy=True) for array, _ in converted]
        result = function(*copies, soc=soc, dtype=dtype, **keywords)
        result_name = converted[0][1]
    else:
        kwargs = {"out_dtype": out_dtype} if out_dtype is not None else {}
        result = function(*[array for array, _ in converted], soc=soc, dtype=dtype, **kwargs, **keywords)
        result_name = _dtype_name(out_dtype) if out_dtype is not None else converted[self_index][1]
    result = _np.asarray(result)
    # tofile writes the elements in C order (a 0-d array as its one element).
    result.tofile(_os.path.join(folder, _aclnn_host.kit_golden_file(_KIT_DTYPES[result_name], list(result.shape))))
    return result


_TORCH_DTYPE_NAMES = {"fp32": "torch.float32", "fp16": "torch.float16", "bf16": "torch.bfloat16",
                      "int32": "torch.int32", "int16": "torch.int16", "int8": "torch.int8", "uint8": "torch.uint8",
                      "int64": "torch.int64"}


def _msprobe_entry_name(row):
    """msprobe's name of the torch call the operator stands for: Functional.<name>.0.forward, or
    .backward for the backward ops (the gradient of Functional.<forward name>)."""
    name = row["python_name"]
    for suffix in ("_backward_v2", "_backward"):
        if name.endswith(suffix):
            return f"Functional.{name[:-len(suffix)]}.0.backward"
    return f"Functional.{name.rstrip('_')}.0.forward"


def msprobe_dump(op, *inputs, directory, api=None, step=0, rank=0, soc=None, out_dtype=None, dtype=None,
                 **keywords):
    """Runs `op` and writes its tensors and exact output as the bench side of an msprobe
    comparison: msprobe's PyTorch tensor dump, <directory>/step<step>/rank<rank>/dump.json and
    dump_tensor_data/<api>.<input|output>.<i>.pt (torch.save of each tensor; needs torch).

    `api` is the dump entry's name, which msprobe matches against the NPU dump's (default
    Functional.<op>.0.forward, or Functional.<forward op>.0.backward for a backward op, whose
    entry has the gradient `input` and the result `output`; self is not part of a backward entry).
    Returns the path of dump.json. docs/python.md describes the layout and its sources."""
    torch = _sys.modules.get("torch")
    if torch is None:
        try:
            import torch  # noqa: F811 - msprobe's PyTorch dumps are torch.save files
        except ImportError as error:
            raise ImportError("msprobe_dump writes torch.save files: it needs torch (python3-torch)") from error
    row = _find_row(op)
    function = globals()[row["python_name"]]
    entry = str(api) if api is not None else _msprobe_entry_name(row)
    backward = entry.endswith(".backward")
    converted = [_to_numpy(value, value_dtype)[:2] for value, value_dtype in
                 zip(inputs, dtype if isinstance(dtype, (list, tuple)) else [dtype] * len(inputs))]
    arrays = [_np.array(array, copy=True) for array, _ in converted]  # in place ops must not touch the caller's
    self_index = row["inputs"].index("self") if "self" in row["inputs"] else 0
    result_name = _dtype_name(out_dtype) if out_dtype is not None else (
        converted[0][1] if row["inplace"] else _promoted([name for _, name in converted], converted[self_index][1]))
    folder = _os.path.join(str(directory), f"step{int(step)}", f"rank{int(rank)}")
    data_folder = _os.path.join(folder, "dump_tensor_data")
    _os.makedirs(data_folder, exist_ok=True)

    def tensor_record(array, name, file_stem):
        tensor = _from_numpy(_np.ascontiguousarray(array), name, True).clone()
        values = tensor.double()
        data_name = file_stem + ".pt"
        torch.save(tensor, _os.path.join(data_folder, data_name))
        empty = tensor.numel() == 0
        return {"type": "torch.Tensor", "dtype": _TORCH_DTYPE_NAMES[name], "shape": list(tensor.shape),
                "Max": None if empty else values.max().item(), "Min": None if empty else values.min().item(),
                "Mean": None if empty else values.mean().item(), "Norm": values.norm().item(),
                "requires_grad": False, "data_name": data_name}

    # The inputs are recorded before the run: an in-place operator overwrites its first one.
    if backward:  # the gradient flowing in, and the gradient of self flowing out
        gradient = row["inputs"].index("grad_output") if "grad_output" in row["inputs"] else 0
        record = {"input": [tensor_record(arrays[gradient], converted[gradient][1], f"{entry}.input.0")]}
    else:
        record = {"input_args": [tensor_record(array, name, f"{entry}.input.{index}")
                                 for index, (array, (_, name)) in enumerate(zip(arrays, converted))]}
    missing = [name for name in row["scalars"] + row["flags"] if name not in keywords]
    if missing:
        raise TypeError(f"msprobe_dump({row['python_name']!r}) needs {', '.join(n + '=' for n in missing)}")
    kwargs_record = {}
    for name in row["scalars"] + row["flags"]:
        value = keywords[name]
        number = value[0] if isinstance(value, tuple) else value
        kwargs_record[name] = {"type": type(number).__name__, "value": number}
    if not backward:
        record["input_kwargs"] = kwargs_record
    run_kwargs = {"out_dtype": out_dtype} if out_dtype is not None else {}
    result = _np.asarray(function(*arrays, soc=soc, dtype=[name for _, name in converted], **run_kwargs, **keywords))
    record["output"] = [tensor_record(result, result_name, f"{entry}.output.0")]
    document = {"task": "tensor", "level": "L1", "framework": "pytorch",
                "dump_data_dir": _os.path.abspath(data_folder), "data": {entry: record}}
    path = _os.path.join(folder, "dump.json")
    with open(path, "w", encoding="utf-8") as stream:
        _json.dump(document, stream, indent=1)
    return path


__all__ = ["AclnnError", "OPS", "socs", "active_soc", "tiling", "compare", "golden", "msprobe_dump"] + [
    row["python_name"] for row in OPS]
