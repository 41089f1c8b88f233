// Feeds arbitrary bytes to the profile loader (JSON parse, schema, trees, tc syntax values).
// Whatever loads must write back to JSON that loads to an equal profile.
#include "profiles/profile.h"

#include <QByteArray>
#include <QStringList>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 256 * 1024)
        return -1;
    QStringList errors;
    const auto profile = qs::Profile::fromJsonBytes(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), &errors);
    if (!profile) {
        if (errors.isEmpty())
            std::abort(); // a refusal must say why
        return 0;
    }
    (void)profile->validate();
    QStringList againErrors;
    const auto again = qs::Profile::fromJsonBytes(profile->toJsonBytes(), &againErrors);
    if (!again || !(*again == *profile))
        std::abort();
    return 0;
}
