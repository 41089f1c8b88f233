#pragma once

#include "safety/caller.h"

#include <QString>
#include <QStringList>

#include <spdlog/logger.h>

#include <memory>

namespace qs {

/** The helper's logger ("helper"): syslog (the journal on systemd machines) or stderr, as main() chose. */
std::shared_ptr<spdlog::logger> helperLog();

/**
 * One audit line per request that changes, or tries to change, the kernel:
 * `audit uid=1000 pid=4242 sender=:1.17 action=apply target=lab/veth0 tx=tx-… result=ok changes="…"`.
 */
void audit(const Caller &caller, const QString &action, const QString &target, const QString &transaction,
           const QString &result, const QStringList &changes = {});

} // namespace qs
