#!/usr/bin/env python3
"""Generates, once, the checked-in inputs of the upstream-redeclaration header test.

Usage: generate_upstream_redeclarations.py HICANN_RUNTIME_CHECKOUT OUT_DIR

Reads CANN's runtime headers (hicann/runtime, include/external/acl/{acl_base_rt,acl_rt,
acl_rt_allocator}.h) and writes into OUT_DIR:
  acl_rt_functions.txt        every function those headers declare: "header<TAB>name", in order
  upstream_redeclarations.c   the test: our acl/acl.h, then a reference to every function by name
                              (so each must be declared by our headers), then every upstream
                              prototype verbatim (so each must re-declare compatibly), and main()
                              taking every function's address (so each must link).
"""
import os
import re
import sys

HEADERS = ["acl_base_rt.h", "acl_rt.h", "acl_rt_allocator.h"]


def prototypes(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"^\s*#.*$", "", text, flags=re.M)
    for match in re.finditer(r"ACL_FUNC_VISIBILITY\s+([^;{]*?;)", text, flags=re.S):
        prototype = " ".join(match.group(1).split()).replace("( ", "(").replace(" )", ")")
        yield re.search(r"(\w+)\s*\(", prototype).group(1), prototype


def main():
    checkout, out_dir = sys.argv[1], sys.argv[2]
    entries = []
    for header in HEADERS:
        with open(os.path.join(checkout, "include/external/acl", header)) as f:
            entries += [(header, name, proto) for name, proto in prototypes(f.read())]
    revision = os.environ.get("UPSTREAM_REVISION", "unknown")
    with open(os.path.join(out_dir, "acl_rt_functions.txt"), "w") as f:
        f.write("# Every function declared by hicann/runtime include/external/acl/{%s} at %s.\n" %
                (",".join(HEADERS), revision))
        f.write("# Generated once by tests/header_compat/generate_upstream_redeclarations.py; %d functions.\n" %
                len(entries))
        for header, name, _ in entries:
            f.write("%s\t%s\n" % (header, name))
    with open(os.path.join(out_dir, "upstream_redeclarations.c"), "w") as f:
        f.write("/* Generated once by tests/header_compat/generate_upstream_redeclarations.py from\n"
                " * hicann/runtime %s (see acl_rt_functions.txt).\n * Compiled as C11 after our headers:\n"
                " * every upstream function must be declared by acl/acl.h, re-declare compatibly, and link. */\n"
                % revision)
        f.write("/* The upstream prototypes stay as upstream writes them. */\n/* clang-format off */\n")
        f.write("#include <stdio.h>\n\n#include \"acl/acl.h\"\n\n")
        f.write("typedef void (*AnyFunction)(void);\n\n")
        f.write("/* Named before the upstream prototypes: an undeclared name fails to compile. */\n")
        f.write("static const AnyFunction kDeclaredByOurHeaders[] = {\n")
        for _, name, _ in entries:
            f.write("    (AnyFunction)%s,\n" % name)
        f.write("};\n\n/* The upstream prototypes, verbatim. */\n")
        for _, _, proto in entries:
            f.write("%s\n" % proto)
        f.write("\nint main(void) {\n  size_t missing = 0;\n  size_t i;\n")
        f.write("  for (i = 0; i < sizeof(kDeclaredByOurHeaders) / sizeof(kDeclaredByOurHeaders[0]); ++i) {\n")
        f.write("    if (kDeclaredByOurHeaders[i] == 0) ++missing;\n  }\n")
        f.write("  printf(\"%zu upstream functions declared, re-declared and linked\\n\", i);\n")
        f.write("  return missing == 0 && i == %d ? 0 : 1;\n}\n" % len(entries))


if __name__ == "__main__":
    main()
