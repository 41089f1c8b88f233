#pragma once

#include <QString>

#include <cstring>

namespace qs {

/** The C library's words for an errno value, in the user's locale (as every error of ours quotes it). */
inline QString errnoText(int code)
{
    return QString::fromLocal8Bit(std::strerror(code));
}

} // namespace qs
