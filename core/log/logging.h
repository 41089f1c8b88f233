#pragma once

#include <spdlog/logger.h>

#include <memory>
#include <string>

namespace qs::log {

/**
 * One logger per part of the program ("cli", "window", "engine", "helper"), all writing to the
 * process's one destination. Until a destination is chosen, warnings and errors go to stderr, so
 * nothing logged early is lost.
 */
std::shared_ptr<spdlog::logger> get(const std::string &part);

/** Lines at @p level and above go to stderr (the app and CLI: warn, or debug with --verbose). */
void toStderr(spdlog::level::level_enum level);

/**
 * syslog(3) under @p ident, facility daemon. On a systemd machine journald serves /dev/log, so the
 * lines land in the journal with SYSLOG_IDENTIFIER=@p ident; elsewhere any syslog daemon takes them.
 */
void toSyslog(const std::string &ident, spdlog::level::level_enum level);

/** True where a syslog daemon (or journald) listens: /dev/log is a socket. */
bool syslogAvailable();

/** qDebug, qWarning and the rest, Qt's own messages included, through the "qt" logger. */
void forwardQtMessages();

} // namespace qs::log
