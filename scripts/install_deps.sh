#!/usr/bin/env bash
# Installs what building and testing aclnn-host needs (Debian 12 packages), if it is missing.
# Run as root, or as a user with sudo. Extra package names given as arguments are installed too
# (the sanitizer and fuzzing scripts ask for clang and valgrind this way).
set -euo pipefail

# python3-dev, python3-pybind11: the Python module; python3-pytest, python3-hypothesis, python3-torch: its tests.
packages=(cmake g++ make libgtest-dev nlohmann-json3-dev libhwy-dev libcli11-dev pkgconf python3-numpy python3-dev
          python3-pybind11 python3-pytest python3-hypothesis python3-torch "$@")
# Cross compiler and emulator for the aarch64 (NEON) kernel test; x86-64 hosts only.
if [ "$(uname -m)" = x86_64 ]; then
  packages+=(g++-aarch64-linux-gnu qemu-user)
fi
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "installing: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -q
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
else
  echo "missing packages (${missing[*]}) and no root or sudo to install them" >&2
  exit 1
fi
