// Feeds arbitrary bytes to the profile loader (JSON parse, schema, trees, tc syntax values).
// Whatever loads must write back to JSON that loads to an equal profile.
#include "profiles/profile.h"

#include <QByteArray>
#include <QStringList>

#include <cstdint>
#include <cstdio>
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
    const QByteArray written = profile->toJsonBytes();
    const auto again = qs::Profile::fromJsonBytes(written, &againErrors);
    if (!again || !(*again == *profile)) {
        // What did not survive: the written JSON is what to look at.
        std::fprintf(stderr, "round trip failed: %s\n--- written ---\n%s\n---\n",
                     again ? "the profile differs" : qPrintable(againErrors.join(QStringLiteral("; "))), written.constData());
        std::abort();
    }
    return 0;
}
