import Mustache

// Each page value names its children for the templates. Without this,
// Mustache finds a name through `Mirror`, which took more than half of a
// home page's time (Benchmarks/server/run).

extension PageFrame: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "lang": lang
        case "searchText": searchText
        case "searchFields": searchFields
        case "homeLink": homeLink
        case "attribution": attribution
        case "movingMap": movingMap
        default: nil
        }
    }
}

extension PageField: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        default: nil
        }
    }
}

extension PageMap: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "source": source
        case "alt": alt
        case "width": width
        case "height": height
        case "action": action
        case "fields": fields
        case "layer": layer
        case "view": view
        default: nil
        }
    }
}

extension PageRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "number": number
        case "name": self.name
        case "kind": kind
        case "address": address
        case "distance": distance
        case "status": status
        case "matchedName": matchedName
        case "statusClass": statusClass
        case "link": link
        default: nil
        }
    }
}

extension PageChoice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "link": link
        default: nil
        }
    }
}

extension HomePage: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "heading": heading
        case "positionText": positionText
        case "positionIsDefault": positionIsDefault
        case "lat": lat
        case "lon": lon
        case "radiusText": radiusText
        case "placeCount": placeCount
        case "pager": pager
        case "categoriesTitle": categoriesTitle
        case "groups": groups
        case "sections": sections
        case "map": map
        case "view": view
        case "isEmpty": isEmpty
        default: nil
        }
    }
}

extension HomePage.Section: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "rows": rows
        case "more": more
        case "moreLink": moreLink
        default: nil
        }
    }
}

extension PlaceListPage: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "title": title
        case "summary": summary
        case "rows": rows
        case "map": map
        case "view": view
        case "categoryFields": categoryFields
        case "carriedFields": carriedFields
        case "radii": radii
        case "openNow": openNow
        case "isEmpty": isEmpty
        case "homeLink": homeLink
        default: nil
        }
    }
}

extension PlaceListPage.RadiusChoice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "metres": metres
        case "text": text
        case "isSelected": isSelected
        default: nil
        }
    }
}

extension PlaceDetailPage: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "title": title
        case "kind": kind
        case "distance": distance
        case "status": status
        case "statusClass": statusClass
        case "statusNote": statusNote
        case "week": week
        case "hasWeek": hasWeek
        case "openingHours": openingHours
        case "address": address
        case "phone": phone
        case "phoneLink": phoneLink
        case "website": website
        case "websiteLink": websiteLink
        case "imageLink": imageLink
        case "openStreetMap": openStreetMap
        case "map": map
        case "backLink": backLink
        case "backText": backText
        default: nil
        }
    }
}

extension SearchPage: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "query": query
        case "message": message
        case "rows": rows
        case "addresses": addresses
        case "hasAddresses": !addresses.isEmpty
        case "map": map
        default: nil
        }
    }
}

extension PageAddress: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "kind": kind
        case "rest": rest
        case "distance": distance
        case "link": link
        default: nil
        }
    }
}

extension ProblemPage: MustacheParent {
    public func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "heading": heading
        case "detail": detail
        case "homeLink": homeLink
        case "asksForPosition": asksForPosition
        default: nil
        }
    }
}
