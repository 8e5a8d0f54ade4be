// aclnn-host: run the library's operators on files, show their tiling, describe the build, and
// time a call (docs/cli.md). The command line is CLI11's; the work is in run.cc and inspect.cc.
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "cli.h"

namespace {

using aclnn_host_cli::CliError;

std::string OpList() {
  std::string text;
  for (const auto& op : aclnn_host_cli::Ops()) text += std::string(text.empty() ? "" : ", ") + op.name;
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"aclnn-host: CANN's HardSwish operators on the host CPU, bit-exact.\nOperators: " + OpList() +
               " (or their aclnn names).\nSee docs/cli.md for file formats and exit codes."};
  app.name("aclnn-host");
  app.require_subcommand(1);

  aclnn_host_cli::RunOptions run;
  CLI::App* run_app = app.add_subcommand("run", "Run an operator on .npy or raw .bin inputs, write its output");
  // Each repeatable option takes one value per occurrence (-i a=x -i b=y), so none swallows the op.
  run_app->add_option("op", run.op, "Operator, e.g. hardswish_backward_v2")->required();
  run_app->add_option("-i,--input", run.inputs, "NAME=FILE for each input (grad_output, self)")
      ->required()
      ->allow_extra_args(false);
  run_app->add_option("-o,--output", run.output, "Output file: .npy, or raw bytes for any other name")->required();
  run_app->add_option("--soc", run.soc, "SoC profile (sets ACLNN_HOST_SOC before aclInit)");
  run_app->add_option("--dtype", run.dtypes, "[NAME=]DTYPE: fp32, fp16, bf16 (needed for raw files and bf16 .npy)")
      ->allow_extra_args(false);
  run_app->add_option("--out-dtype", run.out_dtype, "Output dtype (default: self's); hardswish casts to it");
  run_app->add_option("--scalar", run.scalars, "NAME=VALUE[:DTYPE]: a scalar argument (default dtype fp32)")
      ->allow_extra_args(false);
  run_app->add_option("--flag", run.flags, "NAME[=0|1]: a bool argument")->allow_extra_args(false);
  run_app->add_option("--shape", run.shapes, "[NAME=]DIMS, e.g. 2,3 (the view; needed for raw files)")
      ->allow_extra_args(false);
  run_app->add_option("--stride", run.strides, "[NAME=]STRIDES in elements: read a strided view of the file")
      ->allow_extra_args(false);
  run_app->add_option("--offset", run.offsets, "[NAME=]N: the view's first element, in elements")
      ->allow_extra_args(false);
  run_app->add_flag("--print", run.print, "Also print the output values (%f) on stdout");

  aclnn_host_cli::TilingOptions tiling;
  CLI::App* tiling_app = app.add_subcommand("tiling", "Show the NPU tiling of a shape: data, block dim, core ranges");
  tiling_app->add_option("op", tiling.op, "Operator")->required();
  tiling_app->add_option("--shape", tiling.shape, "DIMS, e.g. 1024,1024 (empty for a scalar)")->required();
  tiling_app->add_option("--dtype", tiling.dtype, "fp32, fp16 or bf16")->capture_default_str();
  tiling_app->add_option("--soc", tiling.soc, "SoC profile (default: ACLNN_HOST_SOC, else Ascend910B3)");
  tiling_app->add_flag("--json", tiling.json, "Print JSON");

  aclnn_host_cli::InfoOptions info;
  CLI::App* info_app = app.add_subcommand("info", "Version, SoC profiles, kernel ISA and threads");
  info_app->add_flag("--json", info.json, "Print JSON");

  aclnn_host_cli::BenchOptions bench;
  CLI::App* bench_app = app.add_subcommand("bench", "Time whole calls (both phases + synchronize) on generated data");
  bench_app->add_option("op", bench.op, "Operator")->required();
  bench_app->add_option("--shape", bench.shape, "DIMS, e.g. 1024,1024")->required();
  bench_app->add_option("--dtype", bench.dtype, "fp32, fp16 or bf16")->capture_default_str();
  bench_app->add_option("--out-dtype", bench.out_dtype, "Output dtype (default: the input's)");
  bench_app->add_option("--scalar", bench.scalars, "NAME=VALUE[:DTYPE]: a scalar argument")->allow_extra_args(false);
  bench_app->add_option("--flag", bench.flags, "NAME[=0|1]: a bool argument")->allow_extra_args(false);
  bench_app->add_option("--soc", bench.soc, "SoC profile");
  bench_app->add_option("-n,--iterations", bench.iterations, "Timed calls (0: as many as fit in --seconds)")
      ->capture_default_str();
  bench_app->add_option("--warmup", bench.warmup, "Untimed calls first")->capture_default_str();
  bench_app->add_option("--seconds", bench.seconds, "Target duration when --iterations is 0")->capture_default_str();
  bench_app->add_flag("--json", bench.json, "Print JSON");

  // `golden`: run's inputs and options; the output goes to ops-test-kit's manual-data layout.
  aclnn_host_cli::RunOptions golden;
  CLI::App* golden_app = app.add_subcommand(
      "golden", "Run an operator and write its inputs and exact output in ops-test-kit's manual-data layout");
  golden_app->add_option("op", golden.op, "Operator, e.g. hardswish_backward_v2")->required();
  golden_app->add_option("-i,--input", golden.inputs, "NAME=FILE for each input (grad_output, self)")
      ->required()
      ->allow_extra_args(false);
  golden_app->add_option("--dir", golden.golden_dir, "The manual-data folder (--manual-data-dirs of ttk)")->required();
  golden_app->add_option("--case", golden.golden_case, "The case's testcase_name: [A-Za-z0-9_.-], at most 120")
      ->required();
  golden_app->add_option("--soc", golden.soc, "SoC profile (sets ACLNN_HOST_SOC before aclInit)");
  golden_app->add_option("--dtype", golden.dtypes, "[NAME=]DTYPE: fp32, fp16, bf16")->allow_extra_args(false);
  golden_app->add_option("--out-dtype", golden.out_dtype, "Output dtype (default: self's)");
  golden_app->add_option("--scalar", golden.scalars, "NAME=VALUE[:DTYPE]: a scalar argument")->allow_extra_args(false);
  golden_app->add_option("--flag", golden.flags, "NAME[=0|1]: a bool argument")->allow_extra_args(false);
  golden_app->add_option("--shape", golden.shapes, "[NAME=]DIMS (the view)")->allow_extra_args(false);
  golden_app->add_option("--stride", golden.strides, "[NAME=]STRIDES in elements")->allow_extra_args(false);
  golden_app->add_option("--offset", golden.offsets, "[NAME=]N in elements")->allow_extra_args(false);

  aclnn_host_cli::CompareOptions compare;
  CLI::App* compare_app =
      app.add_subcommand("compare", "Apply a CANN precision standard to an output and its golden (docs/precision.md)");
  compare_app->add_option("actual", compare.actual, "The output to judge: .npy, or raw bytes with --dtype")->required();
  compare_app->add_option("golden", compare.golden, "The golden: .npy, or raw bytes")->required();
  compare_app->add_option("--standard", compare.standard, "bit_exact, stat_rel_err, mixed, msprobe or msprobe_ulp")
      ->required();
  compare_app->add_option("--dtype", compare.dtype, "The actual's dtype, whose thresholds apply: fp32, fp16, bf16");
  compare_app->add_option("--golden-dtype", compare.golden_dtype, "The golden's dtype for a raw or uint16 file");
  compare_app->add_flag("--json", compare.json, "Print JSON");

  // CLI11 would call an unknown first word "extra"; name the problem.
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands({})) known = known || sub->check_name(argv[1]);
    if (!known) {
      std::fprintf(stderr,
                   "aclnn-host: error: unknown subcommand \"%s\"; the subcommands are run, tiling, info, bench, "
                   "compare and golden\n",
                   argv[1]);
      return aclnn_host_cli::kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, or the error with a usage hint
    return code == 0 ? aclnn_host_cli::kExitOk : aclnn_host_cli::kExitUsage;
  }
  try {
    if (run_app->parsed()) return aclnn_host_cli::RunCommand(run);
    if (tiling_app->parsed()) return aclnn_host_cli::TilingCommand(tiling);
    if (info_app->parsed()) return aclnn_host_cli::InfoCommand(info);
    if (bench_app->parsed()) return aclnn_host_cli::BenchCommand(bench);
    if (compare_app->parsed()) return aclnn_host_cli::CompareCommand(compare);
    if (golden_app->parsed()) return aclnn_host_cli::RunCommand(golden);
  } catch (const CliError& e) {
    std::fprintf(stderr, "aclnn-host: error: %s\n", e.what());
    return e.code();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aclnn-host: internal error: %s\n", e.what());
    return aclnn_host_cli::kExitInternal;
  }
  return aclnn_host_cli::kExitUsage;
}
