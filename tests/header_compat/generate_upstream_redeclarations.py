#!/usr/bin/env python3
"""Generates, once, the checked-in inputs of the upstream-redeclaration header test.

Usage: generate_upstream_redeclarations.py HICANN_RUNTIME_CHECKOUT OUT_DIR

Reads CANN's runtime headers (hicann/runtime, include/external/acl/) and writes into OUT_DIR, for
the headers acl/acl.h brings (acl_base_rt.h, acl_rt.h, acl_rt_allocator.h) and again for the
headers a program includes on its own (acl_tdt.h, acl_tdt_queue.h, acl_dump.h, acl_prof.h):
  acl_rt_functions.txt / acl_side_functions.txt
      every function those headers declare: "header<TAB>name", in order
  upstream_redeclarations.c / upstream_side_redeclarations.c
      the test: our headers, then a reference to every function by name (so each must be declared
      by our headers), then every upstream prototype verbatim (so each must re-declare
      compatibly), and main() taking every function's address (so each must link).
"""
import os
import re
import sys

GROUPS = [
    ("acl_rt_functions.txt", "upstream_redeclarations.c", ["acl_base_rt.h", "acl_rt.h", "acl_rt_allocator.h"],
     ["acl/acl.h"]),
    ("acl_side_functions.txt", "upstream_side_redeclarations.c",
     ["acl_tdt.h", "acl_tdt_queue.h", "acl_dump.h", "acl_prof.h"],
     ["acl/acl.h", "acl/acl_tdt.h", "acl/acl_tdt_queue.h", "acl/acl_dump.h", "acl/acl_prof.h"]),
]


def prototypes(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"^\s*#.*$", "", text, flags=re.M)
    for match in re.finditer(r"(?:ACL_FUNC_VISIBILITY|MSVP_PROF_API|ACL_DUMP_API)\s+([^;{]*?;)", text, flags=re.S):
        prototype = " ".join(match.group(1).split()).replace("( ", "(").replace(" )", ")")
        yield re.search(r"(\w+)\s*\(", prototype).group(1), prototype


def generate(checkout, out_dir, list_name, test_name, headers, includes):
    entries = []
    for header in headers:
        with open(os.path.join(checkout, "include/external/acl", header)) as f:
            entries += [(header, name, proto) for name, proto in prototypes(f.read())]
    revision = os.environ.get("UPSTREAM_REVISION", "unknown")
    with open(os.path.join(out_dir, list_name), "w") as f:
        f.write("# Every function declared by hicann/runtime include/external/acl/{%s} at %s.\n" %
                (",".join(headers), revision))
        f.write("# Generated once by tests/header_compat/generate_upstream_redeclarations.py; %d functions.\n" %
                len(entries))
        for header, name, _ in entries:
            f.write("%s\t%s\n" % (header, name))
    with open(os.path.join(out_dir, test_name), "w") as f:
        f.write("/* Generated once by tests/header_compat/generate_upstream_redeclarations.py from\n"
                " * hicann/runtime %s (see %s).\n * Compiled as C11 after our headers:\n"
                " * every upstream function must be declared by them, re-declare compatibly, and link. */\n"
                % (revision, list_name))
        f.write("/* The upstream prototypes stay as upstream writes them. */\n/* clang-format off */\n")
        f.write("#include <stdio.h>\n\n")
        for include in includes:
            f.write("#include \"%s\"\n" % include)
        f.write("\ntypedef void (*AnyFunction)(void);\n\n")
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


def main():
    checkout, out_dir = sys.argv[1], sys.argv[2]
    for list_name, test_name, headers, includes in GROUPS:
        generate(checkout, out_dir, list_name, test_name, headers, includes)


if __name__ == "__main__":
    main()
