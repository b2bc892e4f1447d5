#include "CPhoneNumber.h"

#include <dlfcn.h>
#include <pthread.h>

#include <cstdio>
#include <cstring>
#include <new>
#include <string>

#include <phonenumbers/phonenumber.pb.h>

namespace {

// The library's C++ functions, found by their (Itanium ABI) names and called
// as that ABI calls a member function: the object first. The soname fixes the ABI.
using GetInstance = const void *(*)();
using Parse = int (*)(const void *util, const std::string &text, const std::string &region, void *number);
using Format = void (*)(const void *util, const void *number, int style, std::string *out);
using IsValidNumber = bool (*)(const void *util, const void *number);
using Construct = void (*)(void *number, void *arena, bool isMessageOwned);
using Destroy = void (*)(void *number);

struct Functions {
    const void *util;
    Parse parse;
    Format format;
    IsValidNumber isValidNumber;
    Construct construct;
    Destroy destroy;
};

Functions functions;
const Functions *loaded;
char failure[512] = "not loaded";
pthread_once_t once = PTHREAD_ONCE_INIT;

template <typename Function> bool resolve(void *library, const char *name, Function &function) {
    function = reinterpret_cast<Function>(dlsym(library, name));
    if (function == nullptr) std::snprintf(failure, sizeof failure, "libphonenumber has no function %s", name);
    return function != nullptr;
}

void load() {
    void *library = dlopen("libphonenumber.so.8", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        std::snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
    GetInstance instance;
    if (!resolve(library, "_ZN4i18n12phonenumbers15PhoneNumberUtil11GetInstanceEv", instance)
        || !resolve(library,
                    "_ZNK4i18n12phonenumbers15PhoneNumberUtil5ParseERKNSt7__cxx1112basic_stringIcSt11char_"
                    "traitsIcESaIcEEES9_PNS0_11PhoneNumberE",
                    functions.parse)
        || !resolve(library,
                    "_ZNK4i18n12phonenumbers15PhoneNumberUtil6FormatERKNS0_11PhoneNumberENS1_"
                    "17PhoneNumberFormatEPNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
                    functions.format)
        || !resolve(library, "_ZNK4i18n12phonenumbers15PhoneNumberUtil13IsValidNumberERKNS0_11PhoneNumberE",
                    functions.isValidNumber)
        || !resolve(library, "_ZN4i18n12phonenumbers11PhoneNumberC1EPN6google8protobuf5ArenaEb", functions.construct)
        || !resolve(library, "_ZN4i18n12phonenumbers11PhoneNumberD1Ev", functions.destroy))
        return;
    functions.util = instance();
    loaded = &functions;
}

// Room for a PhoneNumber (a protobuf message) on the stack, laid out as the headers say.
struct Storage {
    alignas(i18n::phonenumbers::PhoneNumber) unsigned char bytes[sizeof(i18n::phonenumbers::PhoneNumber)];
};

}  // namespace

long nearby_phone_format(const char *text, const char *region, int style, char *out, size_t capacity) {
    pthread_once(&once, load);
    if (loaded == nullptr) return -2;
    if (text == nullptr || out == nullptr || capacity == 0) return -1;
    Storage number;
    loaded->construct(number.bytes, nullptr, false);
    std::string formatted;
    const std::string regionCode = region != nullptr && *region != 0 ? region : "ZZ";
    const bool valid = loaded->parse(loaded->util, std::string(text), regionCode, number.bytes) == 0
                       && loaded->isValidNumber(loaded->util, number.bytes);
    if (valid) loaded->format(loaded->util, number.bytes, style, &formatted);
    loaded->destroy(number.bytes);
    if (!valid || formatted.size() + 1 > capacity) return -1;
    std::memcpy(out, formatted.c_str(), formatted.size() + 1);
    return static_cast<long>(formatted.size());
}

const char *nearby_phone_failure(void) {
    pthread_once(&once, load);
    return failure;
}
