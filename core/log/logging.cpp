#include "logging.h"

#include <QByteArray>
#include <QString>

#include <spdlog/sinks/dist_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/sinks/syslog_sink.h>
#include <spdlog/spdlog.h>

#include <mutex>
#include <sys/stat.h>
#include <syslog.h>

namespace qs::log {

namespace {

// Every logger writes through this one sink; choosing a destination swaps what it holds.
std::shared_ptr<spdlog::sinks::dist_sink_mt> destination()
{
    static const auto sink = [] {
        auto created = std::make_shared<spdlog::sinks::dist_sink_mt>();
        created->add_sink(std::make_shared<spdlog::sinks::stderr_sink_mt>());
        return created;
    }();
    return sink;
}

std::mutex &registryMutex()
{
    static std::mutex mutex;
    return mutex;
}

spdlog::level::level_enum &currentLevel()
{
    static spdlog::level::level_enum level = spdlog::level::warn;
    return level;
}

void setLevelEverywhere(spdlog::level::level_enum level)
{
    currentLevel() = level;
    spdlog::apply_all([level](const std::shared_ptr<spdlog::logger> &logger) { logger->set_level(level); });
}

void qtMessageToLog(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    static const auto logger = get("qt");
    const std::string text = context.category && qstrcmp(context.category, "default") != 0
                                 ? std::string(context.category) + ": " + message.toStdString()
                                 : message.toStdString();
    switch (type) {
    case QtDebugMsg:
        logger->debug("{}", text);
        break;
    case QtInfoMsg:
        logger->info("{}", text);
        break;
    case QtWarningMsg:
        logger->warn("{}", text);
        break;
    case QtCriticalMsg:
        logger->error("{}", text);
        break;
    case QtFatalMsg:
        logger->critical("{}", text);
        logger->flush();
        break;
    }
}

} // namespace

std::shared_ptr<spdlog::logger> get(const std::string &part)
{
    const std::lock_guard lock(registryMutex());
    if (auto existing = spdlog::get(part))
        return existing;
    auto created = std::make_shared<spdlog::logger>(part, destination());
    created->set_level(currentLevel());
    created->flush_on(spdlog::level::info);
    spdlog::register_logger(created);
    return created;
}

void toStderr(spdlog::level::level_enum level)
{
    auto sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    sink->set_pattern("%Y-%m-%dT%H:%M:%S.%e %l %n: %v");
    destination()->set_sinks({sink});
    setLevelEverywhere(level);
}

void toSyslog(const std::string &ident, spdlog::level::level_enum level)
{
    // syslog adds the time, the identifier and the pid itself; the line keeps the level and part.
    auto sink = std::make_shared<spdlog::sinks::syslog_sink_mt>(ident, LOG_PID | LOG_NDELAY, LOG_DAEMON, true);
    sink->set_pattern("%l %n: %v");
    destination()->set_sinks({sink});
    setLevelEverywhere(level);
}

bool syslogAvailable()
{
    struct stat info {};
    return ::stat("/dev/log", &info) == 0 && S_ISSOCK(info.st_mode);
}

void forwardQtMessages()
{
    qInstallMessageHandler(qtMessageToLog);
}

} // namespace qs::log
