#!/bin/sh
# Writes the accounts of Equipment Dashboard's Mosquitto (docs/scale-out.md, "Broker security")
# into DIR (default /var/lib/mosquitto), before the broker's first start with mosquitto.conf:
#
#   dynamic-security.json  the dynamic-security plugin's file: an administrator; the gateway's
#                          client, whose role covers every unit's topics, the server instances'
#                          shared subscriptions and the plugin's control topic (through which the
#                          server adds one client per unit as units register); anything else on
#                          the broker may receive only what a role or the ACL file grants it.
#   unit-topics.acl        what a unit may touch: its own topics only.
#
# To apply the roles it runs a Mosquitto of its own on a Unix socket in DIR, then stops it.
#
# Environment (passwords are read from here, not from the command line):
#   MQTT_USERNAME, MQTT_PASSWORD                 the gateway's account, as the server is given it
#   DYNSEC_ADMIN_USERNAME, DYNSEC_ADMIN_PASSWORD the plugin's administrator (default user dynsec-admin)
#   MQTT_TOPIC_ROOT   the deployment's namespace, as the server's (default ed/v1)
#   MOSQUITTO_USER    who the broker runs as; run as root, the files are given to it (default mosquitto)
#   DYNSEC_PLUGIN     the plugin's path, when it is not in a usual place
#   MOSQUITTO         the broker's binary (default: mosquitto on PATH, or /usr/sbin/mosquitto)
set -eu

fail() {
  echo "init-broker-accounts: $*" >&2
  exit 1
}

dir=${1:-/var/lib/mosquitto}
root=${MQTT_TOPIC_ROOT:-ed/v1}
gateway=${MQTT_USERNAME:-}
gateway_password=${MQTT_PASSWORD:-}
admin=${DYNSEC_ADMIN_USERNAME:-dynsec-admin}
admin_password=${DYNSEC_ADMIN_PASSWORD:-}
broker_user=${MOSQUITTO_USER:-mosquitto}

[ -n "$gateway" ] && [ -n "$gateway_password" ] || fail "set MQTT_USERNAME and MQTT_PASSWORD (the gateway's account)"
[ -n "$admin_password" ] || fail "set DYNSEC_ADMIN_PASSWORD (the plugin's administrator)"
# mosquitto_ctrl's options file ends a value at a space.
case $admin_password in *[[:space:]]*) fail "DYNSEC_ADMIN_PASSWORD must not contain spaces" ;; esac
printf '%s\n' "$root" | grep -Eqx '[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*' ||
  fail "MQTT_TOPIC_ROOT must be letters, digits, _ or - in /-separated levels (got $root)"
# A unit registering with the serial number that is another account's name would be given that
# account's password: no other account may look like a serial number.
for name in "$gateway" "$admin"; do
  if printf '%s\n' "$name" | grep -Eqx '[A-Z0-9]{8,9}'; then
    fail "$name looks like a serial number (8 or 9 capitals or digits): a unit could take it over"
  fi
done
[ "$gateway" != "$admin" ] || fail "the gateway and the administrator need accounts of their own"

mosquitto=${MOSQUITTO:-$(command -v mosquitto || echo /usr/sbin/mosquitto)}
[ -x "$mosquitto" ] || fail "mosquitto not found; set MOSQUITTO"
command -v mosquitto_ctrl >/dev/null || fail "mosquitto_ctrl not found"
plugin=${DYNSEC_PLUGIN:-}
if [ -z "$plugin" ]; then
  for candidate in /usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so \
    /usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so \
    /usr/lib/mosquitto_dynamic_security.so /usr/local/lib/mosquitto_dynamic_security.so; do
    if [ -f "$candidate" ]; then
      plugin=$candidate
      break
    fi
  done
fi
[ -n "$plugin" ] && [ -f "$plugin" ] || fail "the dynamic-security plugin was not found; set DYNSEC_PLUGIN"

accounts=$dir/dynamic-security.json
acl=$dir/unit-topics.acl
# The plugin's file holds every unit registered since: writing over it would lock the fleet out.
for file in "$accounts" "$acl"; do
  [ ! -e "$file" ] || fail "$file exists already; remove it to start over (every unit must then register again)"
done
mkdir -p "$dir"

# A unit: client id = user name = serial number (docs/device-protocol.md). Only the user name is
# authenticated, so the patterns use %u; the plugin also binds each unit's client id to it.
cat >"$acl" <<EOF
# Written by init-broker-accounts.sh for the topic root $root.
# A unit (user name = client id = serial number) may publish its own status, state, replies,
# pairing reports and calibrations, and receive its own commands and the server's answers to
# what it sent wrong (error); nothing else. The
# dynamic-security plugin is asked first and grants the gateway and the administrator their
# roles. Mosquitto 2.0 checks reads when a message is delivered, not when a client subscribes:
# a unit subscribed to another unit's topics is sent nothing.
pattern write $root/%u/status
pattern write $root/%u/state
pattern write $root/%u/reply
pattern write $root/%u/reply/+
pattern write $root/%u/pairing
pattern write $root/%u/calibration
pattern read $root/%u/cmd
pattern read $root/%u/error
EOF

# Passwords go to mosquitto_ctrl on its standard input and in a file only this user may read,
# never as arguments that other users of this machine could see in the process list.
umask 077
twice() { printf '%s\n%s\n' "$1" "$1"; }
twice "$admin_password" | mosquitto_ctrl dynsec init "$accounts" "$admin" >/dev/null
[ -s "$accounts" ] || fail "mosquitto_ctrl dynsec init did not write $accounts"
# What no role grants is refused. Receiving is open by default in the plugin; closed, a unit's
# deliveries are decided by the ACL file (its own commands) and nobody reads other units' topics.
# Set in the file: mosquitto_ctrl 2.0's setDefaultACLAccess sends a field the plugin ignores.
sed 's/"publishClientReceive":[[:space:]]*true/"publishClientReceive": false/' "$accounts" >"$accounts.tmp"
mv "$accounts.tmp" "$accounts"

# The setup broker's files, in a folder of their own.
work=$dir/.init-broker-accounts
mkdir "$work" || fail "$work exists: is another setup running? If not, remove it"
socket=$work/broker.sock
log=$work/broker.log
# mosquitto_ctrl reads its connection options from $XDG_CONFIG_HOME/mosquitto_ctrl.
printf -- '-u %s\n-P %s\n' "$admin" "$admin_password" >"$work/mosquitto_ctrl"
cat >"$work/broker.conf" <<EOF
listener 0 $socket
allow_anonymous false
persistence false
user $(id -un)
plugin $plugin
plugin_opt_config_file $accounts
EOF
"$mosquitto" -c "$work/broker.conf" >"$log" 2>&1 &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
tries=0
until [ -S "$socket" ]; do
  kill -0 "$pid" 2>/dev/null || fail "the setup broker did not start: $(cat "$log")"
  tries=$((tries + 1))
  [ "$tries" -lt 100 ] || fail "the setup broker did not open $socket"
  sleep 0.1
done


# mosquitto_ctrl exits 0 even when the plugin refuses a command: its answer is read instead.
# The first argument is what it reads on its standard input (a new client's password).
ctrl() {
  input=$1
  shift
  out=$(printf '%s' "$input" | XDG_CONFIG_HOME=$work mosquitto_ctrl --unix "$socket" dynsec "$@" 2>&1) ||
    fail "mosquitto_ctrl $1: $out"
  if printf '%s\n' "$out" | grep -qi 'error'; then fail "mosquitto_ctrl $1: $out"; fi
}

ctrl '' getDefaultACLAccess
printf '%s\n' "$out" | grep -Eq 'publishClientReceive +: deny' ||
  fail "the plugin's default for receiving is not deny: $out"
ctrl '' createRole gateway
ctrl '' addRoleACL gateway publishClientSend "$root/+/cmd" allow
ctrl '' addRoleACL gateway publishClientSend "$root/+/error" allow
ctrl '' addRoleACL gateway publishClientReceive "$root/#" allow
ctrl '' addRoleACL gateway subscribePattern "$root/#" allow
ctrl '' addRoleACL gateway subscribePattern "\$share/+/$root/#" allow
ctrl '' addRoleACL gateway publishClientSend '$CONTROL/dynamic-security/#' allow
ctrl '' addRoleACL gateway publishClientReceive '$CONTROL/dynamic-security/#' allow
ctrl '' addRoleACL gateway subscribePattern '$CONTROL/dynamic-security/#' allow
ctrl "$(twice "$gateway_password")" createClient "$gateway"
ctrl '' addClientRole "$gateway" gateway

cleanup
trap - EXIT
# The broker saves the plugin's file as it changes (a .new file renamed over it), so it needs the
# folder as well as the files.
if [ "$(id -u)" = 0 ] && id "$broker_user" >/dev/null 2>&1; then
  chown "$broker_user" "$dir" "$accounts" "$acl"
fi
chmod 600 "$accounts"
echo "Wrote $accounts and $acl (topic root $root, gateway $gateway)."
