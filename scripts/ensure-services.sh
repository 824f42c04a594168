#!/usr/bin/env bash
# Makes sure the local PostgreSQL and RabbitMQ answer; starts them the documented way if not.
set -u

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() {
  local port=$1 name=$2
  for _ in $(seq 1 60); do answers "$port" && return 0; sleep 1; done
  echo "ensure-services: $name did not come up on port $port" >&2
  return 1
}

if ! answers 5432; then
  echo "ensure-services: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
  wait_for 5432 PostgreSQL || exit 1
fi
if ! answers 5672; then
  echo "ensure-services: starting RabbitMQ"
  rabbitmq-server -detached || true
  wait_for 5672 RabbitMQ || exit 1
fi
exit 0
