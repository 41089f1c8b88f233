// numbersweep OUT_DIR SEED_DIR…: writes, for every number in every seed, one copy of the seed with
// that number replaced by each of a list of edge values (0, 2^31, 2^32, 2^64, fractions, hex …).
// fuzz_tcimporter_numbers and fuzz_profileloader_numbers run a fuzz target over all of them once
// (-runs=0): a deterministic sweep of the values where units, widths and round trips break.
// Random fuzzing found such a case only now and then (an mqprio with num_tc 0 and rates, a RED
// probability with 19 digits); this sweep finds each within a minute, in every run.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <regex>
#include <string>

namespace fs = std::filesystem;

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::cerr << "usage: numbersweep OUT_DIR SEED_DIR...\n";
        return 2;
    }
    static const char *const edgeValues[] = {
        "0", "1", "2", "7", "8", "9", "10", "15", "16", "17", "31", "32", "33", "63", "64", "65", "99", "100", "127",
        "128", "255", "256", "1000", "1023", "1024", "4095", "4096", "65535", "65536", "65537", "99999", "1000000",
        "2147483647", "2147483648", "4294967295", "4294967296", "9223372036854775807", "9223372036854775808",
        "18446744073709551615", "18446744073709551616", "99999999999999999999", "0.5", "1.5", "000", "08", "0x10"};
    const fs::path out = argv[1];
    fs::create_directories(out);
    const std::regex number("[0-9]+");
    long written = 0;
    for (int dir = 2; dir < argc; ++dir)
    for (const fs::directory_entry &entry : fs::directory_iterator(argv[dir])) {
        if (!entry.is_regular_file())
            continue;
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string seed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        for (auto it = std::sregex_iterator(seed.begin(), seed.end(), number); it != std::sregex_iterator(); ++it) {
            const auto at = size_t(it->position());
            const auto length = size_t(it->length());
            for (const char *value : edgeValues) {
                std::ofstream file(out / (entry.path().filename().string() + "-" + std::to_string(++written)), std::ios::binary);
                file << seed.substr(0, at) << value << seed.substr(at + length);
            }
        }
    }
    std::printf("numbersweep: %ld inputs in %s\n", written, argv[1]);
    return written > 0 ? 0 : 1;
}
