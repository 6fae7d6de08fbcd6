#!/usr/bin/env bash
# System packages Signet needs beyond Node and npm, all from Debian:
# Chromium for the browser tests, PostgreSQL for the scale-mode tests,
# poppler-utils and qpdf to verify sealed PDFs independently, LibreOffice
# headless to convert office documents, bubblewrap to run it in a sandbox
# (no network, nothing of the host but system files), and fonts with Latin-extended glyphs
# (Czech and Portuguese diacritics). Safe to run again: installs only what is missing.
set -euo pipefail

packages=(
  chromium
  postgresql
  poppler-utils
  qpdf
  bubblewrap
  libreoffice-writer-nogui
  libreoffice-calc-nogui
  libreoffice-impress-nogui
  fonts-dejavu-core
  fonts-liberation2
  fonts-noto-core
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "system packages: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
