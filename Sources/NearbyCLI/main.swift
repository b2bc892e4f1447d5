print("nearby")
